import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { HubAnswer } from './hub-caller.ts';

/** A tool's answer: its figures as structured content, and the same as JSON text for clients that read only text. */
export function toolAnswer(structured: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/** A call the tool or the hub refused: a tool error the assistant reads and may act on. */
export function toolError(text: string, structured?: Record<string, unknown>): CallToolResult {
  return { content: [{ type: 'text', text }], ...(structured === undefined ? {} : { structuredContent: structured }), isError: true };
}

interface ErrorEnvelope {
  error?: { code?: unknown; message?: unknown };
}

/**
 * A non-2xx answer of the hub as a tool error: the envelope's code, the status and its message
 * (a 400's one message per parameter), as REST gave them.
 */
export function refusal({ status, body }: HubAnswer): CallToolResult {
  const error = typeof body === 'object' && body !== null ? (body as ErrorEnvelope).error : undefined;
  const code = typeof error?.code === 'string' ? error.code : 'HTTP_ERROR';
  const message = Array.isArray(error?.message) ? error.message.join('; ') : typeof error?.message === 'string' ? error.message : `the hub answered ${status}`;
  return toolError(`${code} (${status}): ${message}`, { error: { status, code, message } });
}

export const isSuccess = ({ status }: HubAnswer): boolean => status >= 200 && status < 300;
