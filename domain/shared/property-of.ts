/** A property of a value whose shape isn't known yet (raw input before its schema): undefined
 * when the value is not an object. */
export function propertyOf(value: unknown, key: string): unknown {
  if (typeof value !== "object" || value === null) return undefined;
  const found: unknown = Reflect.get(value, key);
  return found;
}
