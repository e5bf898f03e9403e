import Chip from '@mui/material/Chip';
import { useTranslation } from 'next-i18next/pages';
import type { InboxCategory } from '@/lib/inbox/schemas';

const COLORS: Record<InboxCategory, 'primary' | 'secondary' | 'success' | 'warning' | 'info' | 'default'> = {
  billing: 'primary',
  service: 'info',
  contract: 'secondary',
  promotion: 'success',
  system: 'default',
};

/** The kind of a message, as a small outlined chip (text, not colour alone, carries the meaning). */
export function CategoryChip({ category }: { category: InboxCategory }) {
  const { t } = useTranslation('inbox');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLORS[category] ?? 'default'}
      label={t(`inbox.category.${category}`, { defaultValue: category })}
      sx={{ flexShrink: 0 }}
    />
  );
}
