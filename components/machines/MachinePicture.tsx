import Box from '@mui/material/Box';
import { machinePicture, type MachineCategory } from '@/lib/machines/schemas';

/** The drawing of a machine's model family (public/machines); decorative: the model's name is always beside it. */
export function MachinePicture({ category, isColour, size = 56 }: { category: MachineCategory; isColour: boolean; size?: number }) {
  return (
    <Box
      component="img"
      src={machinePicture(category, isColour)}
      alt=""
      width={size}
      height={size}
      sx={{ flexShrink: 0, borderRadius: 1, bgcolor: 'action.hover', display: 'block' }}
      data-testid="machine-picture"
    />
  );
}
