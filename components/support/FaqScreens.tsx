/** FAQ (docs/support.md): questions by category with expandable answers, and search across both languages. */
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { supportContract } from '@/lib/support/contract';
import { HitChips, hitLang, SearchResults, SupportIndexPage, SupportSearchPage, type SupportBase } from './HelpScreens';
import { HelpBody, Highlight, useSupportLang } from './parts';

const c = supportContract.endpoints;
const BASE = '/customer-support/faq' satisfies SupportBase;

function FaqItem({ id, question, answerHtml, terms = [], extra, lang }: { id: string; question: string; answerHtml: string; terms?: string[]; extra?: React.ReactNode; lang?: string }) {
  return (
    <Accordion disableGutters variant="outlined" sx={{ '&:not(:last-of-type)': { borderBottom: 0 } }} data-testid="faq-item" {...(lang ? { lang } : {})}>
      <AccordionSummary expandIcon={<ExpandMoreIcon aria-hidden />} aria-controls={`faq-${id}-answer`} id={`faq-${id}-question`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          <Typography component="span" sx={{ fontWeight: 500 }}>
            <Highlight text={question} terms={terms} />
          </Typography>
          {extra}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`faq-${id}-answer`}>
        <HelpBody html={answerHtml} />
      </AccordionDetails>
    </Accordion>
  );
}

export function FaqScreen() {
  const { t } = useTranslation('support');
  return (
    <SupportIndexPage area="faq" base={BASE} endpoint={c.listFaq}>
      {(groups) => (
        <Stack spacing={3}>
          {groups.map((g) => (
            <Box key={g.category} component="section" aria-labelledby={`faq-cat-${g.category}`}>
              <Typography id={`faq-cat-${g.category}`} variant="h6" component="h2" sx={{ mb: 1 }}>
                {t(`topics.${g.category}`)}
              </Typography>
              <div>
                {g.items.map((item) => (
                  <FaqItem key={item.id} {...item} />
                ))}
              </div>
            </Box>
          ))}
        </Stack>
      )}
    </SupportIndexPage>
  );
}

export function FaqSearchScreen() {
  const { t } = useTranslation('support');
  const lang = useSupportLang();
  return (
    <SupportSearchPage area="faq" base={BASE} endpoint={c.searchFaq}>
      {(r, q) => (
        <SearchResults count={r.hits.length} empty={t('search.none', { q })} testId="search-results">
          {r.hits.map((h) => (
            <FaqItem
              key={h.id}
              id={h.id}
              question={h.title}
              answerHtml={h.answerHtml}
              terms={r.terms}
              {...hitLang(h.matchedLang, lang)}
              extra={<HitChips topic={h.topic} matchedLang={h.matchedLang} />}
            />
          ))}
        </SearchResults>
      )}
    </SupportSearchPage>
  );
}
