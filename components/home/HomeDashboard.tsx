import { memo, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import MailIcon from '@mui/icons-material/MailOutlined';
import PersonIcon from '@mui/icons-material/PersonOutlined';
import PrintIcon from '@mui/icons-material/PrintOutlined';
import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import ReceiptIcon from '@mui/icons-material/ReceiptLongOutlined';
import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import RuleIcon from '@mui/icons-material/RuleOutlined';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import { useEndpointQuery, useSession } from '@/lib/api/query';
import { adminContract, type AdminLandingCounts } from '@/lib/admin/contract';
import type { ChangeStatus } from '@/lib/accountChanges/constants';
import { useBillSummary } from '@/components/bills/useBillSummary';
import { useCurrentCustomer, useLastLoginTime, useUnreadCountState } from '@/components/auth/useSessionData';
import { useOrderSummary } from '@/components/orders/useOrderSummary';
import { HomeOffers } from '@/components/offers/HomeOffers';
import { HomeQuickLinks } from '@/components/siteContent/HomeQuickLinks';
import type { BillStatus, BillSummary } from '@/lib/bills/schemas';
import { OPEN_ORDER_GROUP } from '@/lib/orders/constants';
import { pathTo, type QueryValues, type RoutePath } from '@/lib/paths';
import { formatDateTime, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import { canAccess, toGrants, type Grants } from '@/lib/permissions/canAccess';
import { findRoute } from '@/lib/permissions/routes';

/** What the cards' figures come from (each loaded only when its card can show). */
type CardState = { unread: number | null; openOrders: number | null; bills: BillSummary | null; staff: AdminLandingCounts | null; locale: string | undefined };

/** The call a figure comes from; each reports whether it failed. */
type FigureSource = 'unread' | 'orders' | 'bills' | 'staff';

type AttentionCard = {
  key: string;
  href: RoutePath;
  /**
   * The list filter (URL state the list screen reads, components/common/listQueryUrl.ts) that shows what the figure
   * counts: "7 open orders" opened all 38 orders, "2 overdue" all bills (QA).
   */
  query?: QueryValues;
  icon: ReactNode;
  /** Big figure, or null for a link-only card (or a figure still loading: see `figure`). */
  value: (state: CardState) => number | null;
  /**
   * The card shows a figure from this call: its room is kept (a placeholder) until the figure arrives, so the card
   * never grows; when the call failed (a 5xx is retried every 5 s for as long as the page shows, spec §9), the card
   * says the figure could not load until a retry brings it (it waited on a placeholder for ever).
   */
  figure?: FigureSource;
  /** More values for the card's `count` text beside the figure. */
  extra?: (state: CardState) => Record<string, string>;
  /** A customer's own figures: never shown to provider staff (a user holding `all` saw HK$0.00 bills, issue 10). */
  customerOnly?: boolean;
};

/**
 * What needs the customer's attention, built only from areas the user may open (the same route table as the guard).
 * Each feature adds its card here when it lands; no card shows a number its API does not supply.
 */
const CARDS: readonly AttentionCard[] = [
  { key: 'inbox', href: '/inbox', icon: <MailIcon />, value: ({ unread }) => unread, figure: 'unread' },
  {
    key: 'orders',
    href: '/my-orders/manage',
    query: { status: OPEN_ORDER_GROUP },
    icon: <LocalShippingIcon />,
    value: ({ openOrders }) => openOrders,
    figure: 'orders',
    customerOnly: true,
  },
  {
    key: 'bills',
    href: '/my-account/manage-my-bills',
    query: { status: 'overdue' satisfies BillStatus },
    icon: <ReceiptIcon />,
    value: ({ bills }) => bills?.overdueCount ?? null,
    figure: 'bills',
    extra: ({ bills, locale }) => ({ outstanding: formatMoney(bills?.outstandingCents ?? 0, locale), overdue: formatMoney(bills?.overdueCents ?? 0, locale) }),
    customerOnly: true,
  },
  { key: 'machines', href: '/my-machines', icon: <PrintIcon />, value: () => null },
  // Provider staff: the work waiting in the queues they may open, with the admin landing page's counts (one call).
  // Payment slips: how many wait for a decision (issue 10 item 15); the review list shows the pending ones by default.
  { key: 'slipReview', href: '/admin-controls/payment-slip-review', icon: <FactCheckIcon />, value: ({ staff }) => staff?.pendingPaymentSlips ?? null, figure: 'staff' },
  // Account-change requests waiting for approval, of the types the user may review (the queue's own rule).
  {
    key: 'approvals',
    href: '/admin-controls/approve-account-info-update',
    query: { status: ['pending' satisfies ChangeStatus] },
    icon: <RuleIcon />,
    value: ({ staff }) => staff?.pendingApprovals ?? null,
    figure: 'staff',
  },
  // Service requests breached or at risk of breaching their SLA: the desk lists those first by default.
  { key: 'serviceDesk', href: '/admin-controls/service-desk', icon: <BuildIcon />, value: ({ staff }) => staff?.serviceRequestsAtRisk ?? null, figure: 'staff' },
  { key: 'account', href: '/account', icon: <PersonIcon />, value: () => null },
];

/** What waits in the staff queues (null for each the user's codes do not open), loaded only for provider staff. */
function useStaffCounts(enabled: boolean): { data: AdminLandingCounts | null; failed: boolean } {
  const counts = useEndpointQuery(adminContract.endpoints.landingCounts, enabled ? {} : null);
  return { data: enabled ? (counts.data ?? null) : null, failed: enabled && Boolean(counts.apiError || counts.retrying) };
}

const mayOpen = (grants: Grants, href: RoutePath) => {
  const rule = findRoute(href);
  return rule ? canAccess(grants, rule.anyOf) : false;
};

/**
 * One card. Memoised on its own texts: the figures arrive one answer at a time (unread count, orders, bills, customer,
 * last sign-in, offers), and each answer re-rendered every card.
 */
const HomeCard = memo(function HomeCard({ card, value, failed, text, figureLabel }: { card: AttentionCard; value: number | null; failed: boolean; text: string; figureLabel: string }) {
  const { t } = useTranslation('home');
  return (
    <Grid size={{ xs: 12, sm: 6, lg: 4 }}>
      <Card variant="outlined" sx={{ height: '100%' }}>
        <CardActionArea component={Link} href={pathTo(card.href, undefined, card.query)} sx={{ height: '100%' }} data-testid={`home-card-${card.key}`}>
          <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center' }}>
            <Box sx={{ color: 'primary.main', display: 'flex' }} aria-hidden>
              {card.icon}
            </Box>
            <Box sx={{ flex: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{t(`home.cards.${card.key}.title`)}</Typography>
              {/* Two lines, always: the figure's text ("You owe … in all; 2 bills overdue") replacing the hint does not
                  make the card taller. */}
              <Typography variant="body2" color="text.secondary" sx={{ minHeight: '2lh' }}>
                {text}
              </Typography>
            </Box>
            {card.figure && failed ? (
              // Not hidden from screen readers: it is the only place saying the figure is missing.
              <Box sx={{ textAlign: 'center', minWidth: '3.5em' }} data-testid={`home-card-${card.key}-unavailable`}>
                <Typography variant="h4" component="p" color="text.secondary" sx={{ fontWeight: 700, lineHeight: 1.1 }} aria-hidden>
                  –
                </Typography>
                <Typography variant="caption" component="p" color="text.secondary">
                  {t('home.figureUnavailable')}
                </Typography>
              </Box>
            ) : card.figure ? (
              // The big figure says what it counts (issue 10 item 15: "2" beside the bills was unexplained); its room is
              // kept while it loads.
              <Box sx={{ textAlign: 'center', minWidth: '3.5em' }} aria-hidden data-testid={value === null ? undefined : `home-card-${card.key}-figure`}>
                <Typography variant="h4" component="p" sx={{ fontWeight: 700, lineHeight: 1.1 }}>
                  {value === null ? <Skeleton width="1.2em" sx={{ mx: 'auto' }} /> : value}
                </Typography>
                <Typography variant="caption" component="p" color="text.secondary">
                  {value === null ? <Skeleton width="3em" sx={{ mx: 'auto' }} /> : figureLabel}
                </Typography>
              </Box>
            ) : null}
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
});

export function HomeDashboard() {
  const { t } = useTranslation('home');
  const router = useRouter();
  const { data: session } = useSession();
  const customer = useCurrentCustomer();
  const unread = useUnreadCountState();
  const lastLoginTime = useLastLoginTime();
  const customerUser = session ? !session.profile.isProviderStaff : false;
  const orderSummary = useOrderSummary(session && customerUser ? mayOpen(toGrants(session.functionList), '/my-orders/manage') : false);
  const billSummary = useBillSummary(session && customerUser ? mayOpen(toGrants(session.functionList), '/my-account/manage-my-bills') : false);
  const staffCounts = useStaffCounts(session ? mayOpen(toGrants(session.functionList), '/admin-controls') : false);
  if (!session) return null;
  const grants = toGrants(session.functionList);
  const cards = CARDS.filter((c) => mayOpen(grants, c.href) && (customerUser || !c.customerOnly));
  const customerName = customer ? pickLocalized(router.locale, customer.nameEn, customer.nameZh) : '';

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t('home.welcome', { name: session.profile.name })}
        </Typography>
        {/* Each on its own line, kept one line high while it loads (and when there is none): the cards below never
            move when the customer's name or the last sign-in arrives. */}
        {canAccess(grants, ['home']) ? (
          <Typography color="text.secondary" sx={{ mt: 0.5, minHeight: '1lh' }} data-testid="home-acting-for">
            {customerName ? t('home.actingFor', { customer: customerName }) : null}
          </Typography>
        ) : null}
        <Typography color="text.secondary" sx={{ minHeight: '1lh' }} data-testid="home-last-login">
          {lastLoginTime ? t('home.lastLogin', { time: formatDateTime(lastLoginTime, router.locale) }) : null}
        </Typography>
      </Box>
      <Box component="section" aria-labelledby="attention-title">
        <Typography id="attention-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {t('home.attentionTitle')}
        </Typography>
        <Grid container spacing={2}>
          {cards.map((card) => {
            const state: CardState = { unread: unread.data, openOrders: orderSummary.data?.openOrders ?? null, bills: billSummary.data, staff: staffCounts.data, locale: router.locale };
            const failed = card.figure ? { unread, orders: orderSummary, bills: billSummary, staff: staffCounts }[card.figure].failed : false;
            const value = card.value(state);
            const text = value === null ? t(`home.cards.${card.key}.hint`) : t(`home.cards.${card.key}.count`, { count: value, ...card.extra?.(state) });
            const figureLabel = value === null ? '' : t(`home.cards.${card.key}.figure`, { count: value });
            return <HomeCard key={card.key} card={card} value={value} failed={failed && value === null} text={text} figureLabel={figureLabel} />;
          })}
        </Grid>
      </Box>
      <HomeOffers enabled={!session.profile.isProviderStaff && canAccess(grants, ['home'])} />
      {!session.profile.isProviderStaff ? <HomeQuickLinks /> : null}
    </Box>
  );
}
