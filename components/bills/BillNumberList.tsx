import { Fragment } from 'react';
import { useRouter } from 'next/router';
import Box from '@mui/material/Box';
import { intlLocale } from '@/lib/i18n/locales';

/**
 * A slip's bill numbers in a table cell, listed as the page's language writes a list ("INV-1, INV-2 and INV-3" /
 * 「INV-1、INV-2和INV-3」), each number on one line. Joined with ', ' they were English commas on a Chinese page and
 * a narrow column broke a number at its hyphen ("INV-202610- / 1031", QA walk at 1366 px).
 */
export function BillNumberList({ numbers }: { numbers: readonly string[] }) {
  const { locale } = useRouter();
  const parts = new Intl.ListFormat(intlLocale(locale), { type: 'conjunction' }).formatToParts(numbers);
  return (
    <>
      {parts.map((p, i) =>
        p.type === 'element' ? (
          <Box component="span" key={i} sx={{ whiteSpace: 'nowrap' }}>
            {p.value}
          </Box>
        ) : (
          <Fragment key={i}>{p.value}</Fragment>
        ),
      )}
    </>
  );
}
