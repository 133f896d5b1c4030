/** `%keyword%` for ILIKE, with the wildcard characters of the keyword (and the escape character) taken literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
