import { useMemo, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useSession } from '@/lib/api/query';
import { useTranslation } from 'next-i18next/pages';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import MailIcon from '@mui/icons-material/MailOutlined';
import MenuIcon from '@mui/icons-material/Menu';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { visibleNav, type NavSection } from '@/lib/navigation';
import { normalizePath } from '@/lib/permissions/routes';
import { toGrants } from '@/lib/permissions/canAccess';
import { useUnreadCount } from '@/components/auth/useSessionData';
import { BrandMark } from './BrandMark';
import { ColorModeToggle } from './ColorModeToggle';
import { FontSizeControl } from './FontSizeControl';
import { LanguageSwitch } from './LanguageSwitch';
import { LazyDrawer, LazyMenu } from './lazyOverlays';
import { UserMenu } from './UserMenu';
import { pathTo } from '@/lib/paths';

export function useNavSections(): NavSection[] {
  const { data: session } = useSession();
  const list = session?.functionList;
  return useMemo(() => visibleNav(toGrants(list)), [list]);
}

const isUnder = (current: string, href: string) => (href === '/' ? current === '/' : current === href || current.startsWith(`${href}/`));

/**
 * The one menu entry of the page shown: the longest entry the path is under. An entry whose screens are under another's
 * (Payment slips under My bills, every admin screen under Admin controls) made both the current page, so the drawer
 * and the menus marked two entries (two links announced as the current page).
 */
function currentEntry(sections: readonly NavSection[], current: string): string | null {
  let best: string | null = null;
  for (const item of sections.flatMap((s) => s.items)) {
    if (isUnder(current, item.href) && (best === null || item.href.length > best.length)) best = item.href;
  }
  return best;
}

function DesktopSection({ section, current }: { section: NavSection; current: string | null }) {
  const { t } = useTranslation('common');
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const active = section.items.some((i) => i.href === current);
  if (section.items.length === 1) {
    const item = section.items[0]!;
    return (
      <Button color="inherit" component={Link} href={item.href} aria-current={active ? 'page' : undefined} sx={{ fontWeight: active ? 700 : 500, whiteSpace: 'nowrap' }}>
        {t(section.labelKey)}
      </Button>
    );
  }
  const menuId = `nav-${section.key}`;
  const buttonId = `${menuId}-button`;
  return (
    <>
      <Button id={buttonId} color="inherit" endIcon={<ExpandMoreIcon />} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-controls={anchor ? menuId : undefined} aria-expanded={anchor ? 'true' : undefined} sx={{ fontWeight: active ? 700 : 500, whiteSpace: 'nowrap' }}>
        {t(section.labelKey)}
      </Button>
      {/* Named by its button ("Orders" menu), and the page shown marked as current: a screen reader announced an
          unnamed menu, and the highlighted entry only by its colour. */}
      <LazyMenu id={menuId} anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} slotProps={{ list: { 'aria-labelledby': buttonId } }}>
        {section.items.map((item) => (
          <MenuItem
            key={item.href}
            component={Link}
            href={item.href}
            onClick={() => setAnchor(null)}
            selected={item.href === current}
            aria-current={item.href === current ? 'page' : undefined}
          >
            {t(item.labelKey)}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
}

export function NavList({ sections, current, onNavigate }: { sections: NavSection[]; current: string | null; onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <List component="nav" aria-label={t('nav.label')} dense>
      {sections.map((section) => (
        // A div, not an li: the outer list is a <nav>; each section is a <ul> of li (its subheader, then one per link).
        <div key={section.key}>
          <List disablePadding subheader={<ListSubheader>{t(section.labelKey)}</ListSubheader>}>
            {section.items.map((item) => (
              <ListItem key={item.href} disablePadding>
                <ListItemButton component={Link} href={item.href} selected={item.href === current} aria-current={item.href === current ? 'page' : undefined} onClick={onNavigate}>
                  <ListItemText primary={t(item.labelKey)} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </div>
      ))}
    </List>
  );
}

function InboxButton() {
  const { t } = useTranslation('common');
  const unread = useUnreadCount();
  const sections = useNavSections();
  if (!sections.some((s) => s.items.some((i) => i.href === '/inbox'))) return null;
  const label = t('inbox.unread', { count: unread });
  return (
    // The browser's own tooltip: MUI's Tooltip brings Popper into the layout every signed-in page loads.
    <IconButton color="inherit" component={Link} href={pathTo('/inbox')} aria-label={label} title={label} data-testid="inbox-button">
      <Badge badgeContent={unread} color="secondary" max={99} data-testid="unread-badge">
        <MailIcon />
      </Badge>
    </IconButton>
  );
}

/** The header of the main and dashboard layouts (spec §2); on phones the navigation collapses into a drawer. */
export function Header() {
  const { t } = useTranslation('common');
  const router = useRouter();
  const sections = useNavSections();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const current = currentEntry(sections, normalizePath(router.asPath));
  return (
    <AppBar position="sticky" color="primary" elevation={0} enableColorOnDark>
      <a href="#main" className="skip-link">{t('skipToContent')}</a>
      <Toolbar sx={{ gap: 1, maxWidth: 1440, width: '100%', mx: 'auto', px: { xs: 1, sm: 2 } }}>
        <IconButton
          color="inherit"
          edge="start"
          aria-label={t('nav.open')}
          aria-expanded={drawerOpen}
          aria-controls={drawerOpen ? 'nav-drawer' : undefined}
          onClick={() => setDrawerOpen(true)}
          sx={{ display: { lg: 'none' } }}
          data-testid="nav-drawer-button"
        >
          <MenuIcon />
        </IconButton>
        <BrandMark inverse />
        <Box component="nav" aria-label={t('nav.label')} sx={{ display: { xs: 'none', lg: 'flex' }, ml: 2, gap: 0.5, flexWrap: 'wrap' }}>
          {/* "Account and preferences" is in the user menu at every width; in the bar it pushed the menu onto a second row at 1366 px. */}
          {sections
            .filter((s) => s.key !== 'profile')
            .map((s) => (
              <DesktopSection key={s.key} section={s} current={current} />
            ))}
        </Box>
        <Box sx={{ flex: 1 }} />
        <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ display: { xs: 'none', lg: 'block' } }}>
            <FontSizeControl />
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <ColorModeToggle />
          </Box>
          <Box sx={{ display: { xs: 'none', sm: 'block' } }}>
            <LanguageSwitch />
          </Box>
          <InboxButton />
          <UserMenu />
        </Stack>
      </Toolbar>
      {/* A close button of its own: Escape and a tap beside the drawer close it, but a screen reader on a phone has
          neither (the backdrop is hidden from it), so its user was shut in the drawer until choosing a page. */}
      <LazyDrawer id="nav-drawer" open={drawerOpen} onClose={() => setDrawerOpen(false)} slotProps={{ paper: { sx: { width: 300 } } }}>
        <Box sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <BrandMark />
          </Box>
          <IconButton edge="end" aria-label={t('nav.close')} onClick={() => setDrawerOpen(false)} data-testid="nav-drawer-close">
            <CloseIcon />
          </IconButton>
        </Box>
        <Divider />
        <NavList sections={sections} current={current} onNavigate={() => setDrawerOpen(false)} />
        <Divider />
        <Stack spacing={1.5} sx={{ p: 2, alignItems: 'flex-start' }}>
          <FontSizeControl />
          <Stack direction="row" spacing={1}>
            <ColorModeToggle />
            <LanguageSwitch color="primary" />
          </Stack>
        </Stack>
      </LazyDrawer>
    </AppBar>
  );
}
