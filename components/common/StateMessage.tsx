import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * A centred message panel for empty, error, no-permission and session states. `headingComponent` is h1 when the
 * panel is the whole page, a lower level when it sits inside a page that has its own h1 (e.g. a table's states).
 */
export function StateMessage({
  title,
  children,
  action,
  role = 'status',
  headingComponent = 'h1',
  variant = 'page',
}: {
  /** Left out when the page's own h1 already says it (a record's not-found and failed states): said once. */
  title?: string;
  children?: ReactNode;
  action?: ReactNode;
  role?: 'status' | 'alert';
  headingComponent?: 'h1' | 'h2' | 'h3' | 'p';
  /** `inline`: no border, less padding and a smaller heading, for a panel inside a section (a table's states). */
  variant?: 'page' | 'inline';
}) {
  const isInline = variant === 'inline';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: isInline ? { xs: 2, md: 3 } : { xs: 4, md: 8 }, px: isInline ? 0 : 2 }}>
      <Paper variant={isInline ? 'elevation' : 'outlined'} elevation={isInline ? 0 : undefined} role={role} sx={{ p: { xs: 3, md: 4 }, maxWidth: 560, width: '100%', textAlign: 'center', display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        {title ? (
          <Typography variant={isInline ? 'h6' : 'h5'} component={headingComponent}>
            {title}
          </Typography>
        ) : null}
        {children ? <Typography color="text.secondary">{children}</Typography> : null}
        {action ? <Box>{action}</Box> : null}
      </Paper>
    </Box>
  );
}
