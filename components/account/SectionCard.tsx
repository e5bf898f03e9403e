import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';

/** One section of the account page: a card with a heading that names the region for screen readers. */
export function SectionCard({ id, title, subtitle, children }: { id: string; title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" variant="outlined" aria-labelledby={`${id}-title`} data-testid={`account-${id}`} sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'grid', gap: 2, p: { xs: 2, sm: 3 } }}>
        <div>
          <Typography id={`${id}-title`} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
              {subtitle}
            </Typography>
          ) : null}
        </div>
        {children}
      </CardContent>
    </Card>
  );
}
