/**
 * What of a remote server's words may enter our errors and logs: a short excerpt, on one line,
 * with anything that looks like a credential blanked. Remote bodies are untrusted and may echo
 * back the request's secrets (a token in an error page, a URL with its query string).
 */
const maxExcerptLength = 200;
const credentialPatterns = [
  /\b(bearer|basic)\s+[\w.~+/=-]+/gi,
  /\b([\w-]*(?:key|token|secret|password|passwd|auth|signature|sig|credential)[\w-]*)(["']?\s*[:=]\s*["']?)[^\s"'&,;}]+/gi,
  /\/\/[^/\s:@]+:[^/\s@]+@/g,
];

export function remoteExcerpt(text: string, { secrets = [] }: { secrets?: readonly string[] } = {}): string {
  let excerpt = text.replace(/\s+/g, ' ').trim();
  for (const secret of secrets) if (secret.length >= 4) excerpt = excerpt.split(secret).join('[redacted]');
  excerpt = excerpt
    .replace(credentialPatterns[0]!, '$1 [redacted]')
    .replace(credentialPatterns[1]!, '$1$2[redacted]')
    .replace(credentialPatterns[2]!, '//[redacted]@');
  return excerpt.length > maxExcerptLength ? `${excerpt.slice(0, maxExcerptLength)}…` : excerpt;
}
