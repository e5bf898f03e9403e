import Box from '@mui/material/Box';

/**
 * A code ("RN-RENT-36", "RN-2026-000087", "CT-2024-00118") kept on one line: a browser may break a line after a
 * hyphen, and on a phone an offer code read "RN-" / "RENT-36".
 */
export function NoBreak({ children }: { children: string }) {
  return (
    <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
      {children}
    </Box>
  );
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A sentence with the codes it names kept whole ("已在獲批准、仍在辦理中的申請 ACR-2026-000106 內…" broke as "ACR-2026-" /
 * "000106" in a 390 px transfer form): each occurrence of a code becomes a NoBreak, the rest wraps as before.
 */
export function KeepCodesWhole({ text, codes }: { text: string; codes: readonly string[] }) {
  const found = [...new Set(codes.filter((c) => c && text.includes(c)))];
  if (!found.length) return <>{text}</>;
  const parts = text.split(new RegExp(`(${found.map(escapeRegExp).join('|')})`));
  return <>{parts.map((p, i) => (i % 2 ? <NoBreak key={i}>{p}</NoBreak> : p))}</>;
}
