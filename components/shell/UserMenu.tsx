import { useState } from 'react';
import { useRouter } from 'next/router';
import { useSession } from '@/lib/api/query';
import { useTranslation } from 'next-i18next/pages';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import PersonIcon from '@mui/icons-material/Person';
import { useCustomerNames, useLastLoginTime } from '@/components/auth/useSessionData';
import { returnToQuery } from '@/lib/auth/deepLink';
import { useSignOut } from '@/lib/auth/useSignOut';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import { usePortalStore } from '@/store/portalStore';
import { LazyMenu } from './lazyOverlays';
import { pathTo } from '@/lib/paths';

/**
 * The avatar's letter: the name's first character, whole (`slice(0, 1)` cut 𨋢 and other CJK extension B characters of
 * Hong Kong names in half and showed a broken glyph).
 */
const initialOf = (name: string): string => (Array.from(name)[0] ?? '').toUpperCase();

/** Widths at which the header shows its desktop navigation but has no room left for the name beside the avatar. */
const NAV_WITHOUT_NAME = '@media (min-width: 1200px) and (max-width: 1365.95px)';

/** Who is signed in, for which customer, the previous sign-in, switch customer and sign out. */
export function UserMenu() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const { data: session } = useSession();
  const customer = useCustomerNames();
  const lastLoginTime = useLastLoginTime();
  const showSwitchCustomer = usePortalStore((s) => s.showSwitchCustomer);
  const signOutNow = useSignOut();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!session) return null;
  const name = session.profile.name;
  const customerName = customer
    ? pickLocalized(router.locale, customer.nameEn, customer.nameZh)
    : session.profile.isProviderStaff
      ? t('user.providerStaff')
      : (session.currentUser.ucpId ?? '');
  const canSwitch = showSwitchCustomer && session.profile.customerCount > 1;
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor ? 'true' : undefined}
        aria-controls={anchor ? 'user-menu' : undefined}
        aria-label={t('user.menuLabel', { name, customer: customerName })}
        startIcon={<Avatar sx={{ width: 28, height: 28, fontSize: '0.9rem', bgcolor: 'secondary.main' }}>{initialOf(name)}</Avatar>}
        sx={{ textTransform: 'none', maxWidth: 260 }}
        data-testid="user-menu-button"
      >
        {/* A fixed width and both lines always there: the customer's name arrives after the page, and a button that
            grew then pushed the desktop navigation onto a second row (home's layout shift of 0.33, issue 10 item 14).
            From 1200 px the bar holds the navigation too; below 1366 px the four customer menus and this block did not
            fit in one row (en), so there the avatar stands alone and the name is in the menu it opens. */}
        <Box
          component="span"
          sx={{ display: { xs: 'none', md: 'block' }, width: { md: 180 }, textAlign: 'left', overflow: 'hidden', [NAV_WITHOUT_NAME]: { display: 'none' } }}
        >
          <Typography component="span" sx={{ display: 'block', fontSize: '0.875rem', fontWeight: 600, whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' }}>
            {name}
          </Typography>
          <Typography component="span" sx={{ display: 'block', fontSize: '0.75rem', opacity: 0.85, whiteSpace: 'nowrap', textOverflow: 'ellipsis', overflow: 'hidden' }}>
            {customerName || '\u00a0'}
          </Typography>
        </Box>
      </Button>
      <LazyMenu id="user-menu" anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <Box sx={{ px: 2, py: 1, maxWidth: 320 }}>
          <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
          <Typography variant="body2" color="text.secondary">{session.profile.loginId}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="current-customer">
            {customer || !session.profile.isProviderStaff ? t('user.actingFor', { customer: customerName }) : customerName}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="last-login">
            {lastLoginTime ? t('user.lastLogin', { time: formatDateTime(lastLoginTime, router.locale) }) : t('user.firstLogin')}
          </Typography>
        </Box>
        <Divider />
        {/* Every signed-in user may open its account page (its own password, issue 10 item 4); the code gates the preferences on it. */}
        <MenuItem onClick={() => { setAnchor(null); void router.push(pathTo('/account')); }}>
          <ListItemIcon><PersonIcon fontSize="small" /></ListItemIcon>
          {t('nav.account')}
        </MenuItem>
        {canSwitch ? (
          <MenuItem onClick={() => { setAnchor(null); void router.push({ pathname: pathTo('/login/select-ucp'), query: returnToQuery(router.asPath, null, 0) }); }} data-testid="switch-customer">
            <ListItemIcon><SwapHorizIcon fontSize="small" /></ListItemIcon>
            {t('user.switchCustomer')}
          </MenuItem>
        ) : null}
        <MenuItem onClick={() => { setAnchor(null); void signOutNow(); }} data-testid="sign-out">
          <ListItemIcon><LogoutIcon fontSize="small" /></ListItemIcon>
          {t('signOut')}
        </MenuItem>
      </LazyMenu>
    </>
  );
}
