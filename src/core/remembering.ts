/**
 * `format` with the last value it was asked for remembered. Under load most answers share
 * their millisecond, their window's end, their header values and their data, and formatting
 * each afresh would make a new string per request. One per kind of value, so they do not
 * evict each other.
 */
export function rememberingLast<Value>(format: (value: Value) => string): (value: Value) => string {
  let lastValue: Value | undefined;
  let lastText: string | undefined;
  return (value) => {
    if (lastText === undefined || value !== lastValue) {
      lastValue = value;
      lastText = format(value);
    }
    return lastText;
  };
}
