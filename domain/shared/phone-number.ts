/** Phone numbers as texts address them. */

/** (239) 555-0142 → +12395550142 (US numbers; a number given with + keeps its country). */
export function toE164(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  if (phone.trim().startsWith("+")) return `+${digits}`;
  return digits.length === 11 && digits.startsWith("1") ? `+${digits}` : `+1${digits}`;
}
