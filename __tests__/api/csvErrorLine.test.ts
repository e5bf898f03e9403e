import { parse } from 'csv-parse/sync';
import { csvErrorLine } from '@/lib/server/csv';

/** csv-parse's error for `text`, read as the imports read it. */
const errorOf = (text: string): unknown => {
  try {
    parse(text, { relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: true });
  } catch (err) {
    return err;
  }
  throw new Error('expected a parse error');
};

describe('csvErrorLine', () => {
  it.each([
    ['a quote never closed: the line it opened on, not the last line', 'a,b\n"c,d\nf,g\nh,i\n', 2],
    ['a closed quote and an escaped one before it do not count', 'a,"x\n""y"""\n b ,  "c\r\nd,e\n', 3],
    ['text after a closing quote: the parser\'s line', 'a,b\nc,"d"e\nf,g\n', 2],
  ])('%s', (_, text, line) => {
    expect(csvErrorLine(errorOf(text), text, ',')).toBe(line);
  });
});
