export function sourceHash(root?: string): string;
export const HASH_FILE: string;
