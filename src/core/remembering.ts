/**
 * `format` with the last number it was asked for remembered. Under load most answers share
 * their millisecond, their window's end and their header values, and formatting each afresh
 * would make a new string per request. One per kind of value, so they do not evict each other.
 */
export function rememberingLast(format: (value: number) => string): (value: number) => string {
  let lastValue = Number.NaN;
  let lastText = '';
  return (value) => {
    if (value !== lastValue) {
      lastValue = value;
      lastText = format(value);
    }
    return lastText;
  };
}
