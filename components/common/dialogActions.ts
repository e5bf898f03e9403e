import type { SxProps, Theme } from '@mui/material/styles';

/**
 * A dialog's button row (with `disableSpacing`, the gap spaces the buttons) for three actions or long labels: on a
 * phone the buttons stand full width one under the other, in their order (which is also the tab order); from `sm` a
 * row, right-aligned. A label never breaks inside its button. In a wrapping row, "Import 3 users" took two lines
 * beside "Close" and "Check file" on a 390 px phone (QA).
 */
export const actionsStackedOnPhone: SxProps<Theme> = {
  flexDirection: { xs: 'column', sm: 'row' },
  alignItems: { xs: 'stretch', sm: 'center' },
  gap: 1,
  // Full width on a phone: as wide as the content above (24 px in), not MUI's 8 px from the edge.
  px: { xs: 3, sm: 1 },
  pb: { xs: 2, sm: 1 },
  '& > *': { whiteSpace: 'nowrap' },
};
