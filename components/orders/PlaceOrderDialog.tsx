import { useMemo, useRef, useState, type ReactNode } from 'react';
import { useRouter } from 'next/router';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'next-i18next/pages';
import { DateFieldElement, Form, TextFieldElement, useFieldMessage, useIdempotencyKey } from '@/components/common/form';
import { RetryAlert } from '@/components/common/RetryAlert';
import { StateMessage } from '@/components/common/StateMessage';
import { apiErrorOf, useEndpointMutation, useEndpointQuery } from '@/lib/api/query';
import type { ApiError } from '@/lib/api/types';
import { ordersContract } from '@/lib/orders/contract';
import { errorKey } from '@/lib/errors';
import { formatDate, formatMoney, pickLocalized } from '@/lib/i18n/locales';
import {
  deliveryStepSchema,
  fallbackDeliveryAddress,
  ORDER_LIMITS,
  requestedDateWindow,
  type DeliveryStepInput,
  type DeliveryStepValues,
  type OrderableMachine,
  type OrderableProduct,
} from '@/lib/orders/schemas';
import { QuantityStepper } from './QuantityStepper';
import { pathTo } from '@/lib/paths';
import { ORDERABLE_PRODUCT_TYPES } from '@/lib/orders/constants';

const STEPS = ['machine', 'items', 'delivery', 'review'] as const;
type StepKey = (typeof STEPS)[number];

export type PlaceOrderDialogProps = {
  open: boolean;
  onClose: () => void;
  /** A machine chosen before the dialog opened (a machine's "order toner"); ignored when it is not orderable. */
  initialMachineId?: string | null;
};

/**
 * "Place toner order": machine → compatible items with quantity limits → delivery (prefilled from the machine's
 * toner address and contact) → review → submit. The idempotency key stays the same until an order is placed, so a
 * double click or a retry after a time-out places one order. Success opens the new order.
 */
export function PlaceOrderDialog({ open, onClose, initialMachineId = null }: PlaceOrderDialogProps) {
  const { t } = useTranslation(['orders', 'common', 'error']);
  const router = useRouter();
  const locale = router.locale;
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const fieldMessage = useFieldMessage();
  // One key for this dialog: every retry of the same order sends it again; a new order opens a new dialog.
  const idempotency = useIdempotencyKey();

  const [step, setStep] = useState<StepKey>('machine');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [machineError, setMachineError] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [itemsError, setItemsError] = useState(false);
  // Products whose typed quantity is not allowed (each field says why): the order does not go on while any is.
  const [invalidQty, setInvalidQty] = useState<ReadonlySet<string>>(new Set());
  const [delivery, setDelivery] = useState<DeliveryStepValues | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  // A ref, not state: two clicks in the same frame both see `submitting` false, but not this. It stays set after a
  // success, so nothing can place a second order while the dialog closes.
  const inFlight = useRef(false);

  const machines = useEndpointQuery(ordersContract.endpoints.listOrderableMachines, open ? {} : null, { request: { silent: true } });
  // A single machine needs no choosing.
  const preset = initialMachineId && machines.data?.some((m) => m.id === initialMachineId) ? initialMachineId : null;
  const machineId = chosenId ?? preset ?? (machines.data?.length === 1 ? machines.data[0]!.id : null);
  const products = useEndpointQuery(ordersContract.endpoints.listProductsForMachine, machineId ? { machineId } : null, { request: { silent: true } });
  // Placing invalidates the orders and tracking areas (the list, the home card) through the contract.
  const place = useEndpointMutation(ordersContract.endpoints.placeTonerOrder);
  const submitting = place.isPending;
  const machine = machines.data?.find((m) => m.id === machineId) ?? null;

  const lines = useMemo(
    () => (products.data ?? []).filter((p) => (quantities[p.productCode] ?? 0) > 0).map((p) => ({ product: p, quantity: quantities[p.productCode]! })),
    [products.data, quantities],
  );
  const totalCents = lines.reduce((sum, l) => sum + l.quantity * l.product.unitPriceCents, 0);
  const dateWindow = requestedDateWindow();
  const stepIndex = STEPS.indexOf(step);

  const chooseMachine = (id: string) => {
    if (id === machineId) return;
    setChosenId(id);
    setMachineError(false);
    setQuantities({});
    setInvalidQty(new Set());
    setDelivery(null);
  };

  const goItems = () => {
    if (!machine) {
      setMachineError(true);
      return;
    }
    setStep('items');
  };
  const goDelivery = () => {
    if (invalidQty.size > 0) return;
    if (lines.length === 0 || lines.length > ORDER_LIMITS.maxLines) {
      setItemsError(true);
      return;
    }
    setStep('delivery');
  };

  const submit = async () => {
    if (!machine || !delivery || inFlight.current) return;
    inFlight.current = true;
    setFailure(null);
    try {
      const placed = await place.mutateAsync({
        idempotencyKey: idempotency.key,
        machineId: machine.id,
        items: lines.map((l) => ({ productCode: l.product.productCode, quantity: l.quantity })),
        ...delivery,
      });
      onClose();
      // The order's page confirms it with its number (issue 10 item 7).
      void router.push(pathTo('/my-orders/manage/[id]', { id: placed.id }, { placed: placed.orderNo }));
    } catch (err) {
      inFlight.current = false;
      setFailure(apiErrorOf(err));
    }
  };

  /** Each problem the server named, as "item: message" or "field: message", translated. */
  const problems = (error: ApiError): string[] =>
    Object.entries(error.fields ?? {}).flatMap(([path, messages]) => {
      const text = fieldMessage(messages[0]) ?? '';
      const line = /^items\.(\d+)\./.exec(path);
      if (line) {
        const l = lines[Number(line[1])];
        const item = l ? pickLocalized(locale, l.product.descriptionEn, l.product.descriptionZh) : path;
        return [t('orders.place.lineProblem', { item, message: text })];
      }
      const labels: Record<string, string> = {
        requestedDate: t('orders.place.requestedDate'),
        deliveryAddress: t('orders.place.deliveryAddress'),
        contactName: t('orders.place.contactName'),
        contactPhone: t('orders.place.contactPhone'),
        remarks: t('orders.place.remarks'),
      };
      return [t('orders.place.lineProblem', { item: labels[path] ?? path, message: text })];
    });

  const deliveryDefaults: DeliveryStepInput = delivery
    ? { ...delivery, requestedDate: delivery.requestedDate ?? '', deliveryAddress: delivery.deliveryAddress ?? '', remarks: delivery.remarks ?? '' }
    : {
        requestedDate: '',
        deliveryAddress: machine ? pickLocalized(locale, machine.tonerAddressEn, machine.tonerAddressZh) : '',
        contactName: machine?.tonerContactName ?? '',
        contactPhone: machine?.tonerContactPhone ?? '',
        remarks: '',
      };

  // Serial and contract numbers stay whole: a phone broke "3B7- / 209156" and "CT- / 2022-00412" at their hyphens (QA walk).
  const machineLabel = (m: OrderableMachine) => (
    <>
      {`${pickLocalized(locale, m.modelNameEn, m.modelNameZh)} · `}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {m.serialNo}
      </Box>
    </>
  );
  const productLabel = (p: OrderableProduct) => pickLocalized(locale, p.descriptionEn, p.descriptionZh);

  return (
    <Dialog open={open} onClose={submitting ? undefined : onClose} fullScreen={isPhone} fullWidth maxWidth="md" aria-labelledby="place-order-title">
      <DialogTitle id="place-order-title">{t('orders.place.title')}</DialogTitle>
      {/* alignContent start: full screen on a phone, the grid's rows stretched to the screen's height and left a wide
          gap under "Step 1 of 4" and between the step's parts (QA at 390 px). */}
      <DialogContent dividers sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        {isPhone ? (
          <Typography variant="body2" color="text.secondary">
            {t('common:labelValue', { label: t('orders.place.stepOf', { step: stepIndex + 1, total: STEPS.length }), value: t(`orders.place.steps.${step}`) })}
          </Typography>
        ) : (
          <Stepper activeStep={stepIndex}>
            {STEPS.map((s) => (
              <Step key={s}>
                <StepLabel>{t(`orders.place.steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
        )}

        {step === 'machine' ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            {machines.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
            {(machines.apiError ?? machines.retrying) ? <RetryAlert error={(machines.apiError ?? machines.retrying)!} onRetry={() => void machines.refetch()} /> : null}
            {machines.data && machines.data.length === 0 ? (
              <StateMessage title={t('orders.place.noMachines')} headingComponent="h3" variant="inline" />
            ) : null}
            {machines.data && machines.data.length > 0 ? (
              <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
                <Typography component="legend" sx={{ fontWeight: 600, mb: 1 }}>
                  {t('orders.place.chooseMachine')}
                </Typography>
                <RadioGroup value={machineId ?? ''} onChange={(e) => chooseMachine(e.target.value)} sx={{ display: 'grid', gap: 1 }}>
                  {machines.data.map((m) => (
                    <Paper key={m.id} variant="outlined" sx={{ px: 2, py: 1, borderColor: m.id === machineId ? 'primary.main' : undefined }}>
                      <FormControlLabel
                        value={m.id}
                        control={<Radio />}
                        sx={{ width: '100%', m: 0 }}
                        label={
                          <Box sx={{ py: 0.5 }}>
                            <Typography sx={{ fontWeight: 600 }}>{machineLabel(m)}</Typography>
                            <Typography variant="body2" color="text.secondary">
                              {pickLocalized(locale, m.locationEn, m.locationZh)}
                              {m.contractNo ? (
                                <>
                                  {' · '}
                                  <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
                                    {t('orders.place.contract', { contractNo: m.contractNo })}
                                  </Box>
                                </>
                              ) : null}
                            </Typography>
                          </Box>
                        }
                      />
                    </Paper>
                  ))}
                </RadioGroup>
                {machineError ? (
                  <Typography color="error" role="alert" variant="body2" sx={{ mt: 1 }}>
                    {t('common:orders.validation.chooseMachine')}
                  </Typography>
                ) : null}
              </Box>
            ) : null}
            <StepButtons onBack={onClose} backLabel={t('orders.place.close')} onNext={goItems} nextLabel={t('orders.place.next')} disabled={!machines.data?.length} />
          </Box>
        ) : null}

        {step === 'items' && machine ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography>{t('orders.place.itemsIntro', { model: pickLocalized(locale, machine.modelNameEn, machine.modelNameZh) })}</Typography>
            {products.isLoading ? <LinearProgress aria-label={t('common:loading')} /> : null}
            {(products.apiError ?? products.retrying) ? <RetryAlert error={(products.apiError ?? products.retrying)!} onRetry={() => void products.refetch()} /> : null}
            {products.data && products.data.length === 0 ? (
              <StateMessage title={t('orders.place.noProducts')} headingComponent="h3" variant="inline" />
            ) : null}
            {groupByType(products.data ?? []).map(([type, group]) => (
              <Box key={type} component="section" aria-labelledby={`ptype-${type}`}>
                <Typography id={`ptype-${type}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
                  {t(`orders.place.productTypes.${type}`, { defaultValue: type })}
                </Typography>
                <Box sx={{ display: 'grid', gap: 1 }}>
                  {group.map((p) => (
                    <Paper
                      key={p.productCode}
                      variant="outlined"
                      sx={{ p: 1.5, display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
                      data-testid={`product-${p.productCode}`}
                    >
                      <Box sx={{ minWidth: 0, flex: '1 1 240px' }}>
                        <Typography sx={{ fontWeight: 600 }}>{productLabel(p)}</Typography>
                        <Typography variant="body2" color="text.secondary">
                          {p.productCode} · {t('orders.place.unitPrice', { price: formatMoney(p.unitPriceCents, locale) })} ·{' '}
                          {t('orders.place.maxQty', { max: p.maxOrderQty })}
                        </Typography>
                      </Box>
                      <QuantityStepper
                        value={quantities[p.productCode] ?? 0}
                        max={p.maxOrderQty}
                        itemLabel={productLabel(p)}
                        onChange={(n) => {
                          setItemsError(false);
                          setQuantities((q) => ({ ...q, [p.productCode]: n }));
                        }}
                        onValidityChange={(bad) =>
                          setInvalidQty((s) => {
                            const next = new Set(s);
                            if (bad) next.add(p.productCode);
                            else next.delete(p.productCode);
                            return next;
                          })
                        }
                      />
                    </Paper>
                  ))}
                </Box>
              </Box>
            ))}
            <Typography aria-live="polite" sx={{ fontWeight: 600 }}>
              {t('orders.place.selectedCount', { count: lines.length, total: formatMoney(totalCents, locale) })}
            </Typography>
            {itemsError ? (
              <Typography color="error" role="alert" variant="body2">
                {lines.length === 0 ? t('common:orders.validation.noItems') : t('common:ui.validation.maxItems', { max: ORDER_LIMITS.maxLines })}
              </Typography>
            ) : null}
            <StepButtons onBack={() => setStep('machine')} backLabel={t('orders.place.back')} onNext={goDelivery} nextLabel={t('orders.place.next')} />
          </Box>
        ) : null}

        {step === 'delivery' && machine ? (
          <Form<DeliveryStepInput, DeliveryStepValues>
            schema={deliveryStepSchema}
            defaultValues={deliveryDefaults}
            submitLabel={t('orders.place.toReview')}
            aria-label={t('orders.place.steps.delivery')}
            onSubmit={(values) => {
              setDelivery(values);
              setFailure(null);
              setStep('review');
            }}
            secondaryActions={<Button onClick={() => setStep('items')}>{t('orders.place.back')}</Button>}
          >
            <TextFieldElement<DeliveryStepInput>
              name="deliveryAddress"
              label={t('orders.place.deliveryAddress')}
              multiline
              minRows={2}
              maxLength={ORDER_LIMITS.maxAddress}
              autoComplete="street-address"
            />
            <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              <TextFieldElement<DeliveryStepInput>
                name="contactName"
                label={t('orders.place.contactName')}
                required
                maxLength={ORDER_LIMITS.maxContactName}
                autoComplete="name"
              />
              <TextFieldElement<DeliveryStepInput>
                name="contactPhone"
                label={t('orders.place.contactPhone')}
                required
                type="tel"
                autoComplete="tel"
                helperText={t('orders.place.phoneHint')}
                maxLength={20}
              />
            </Box>
            <DateFieldElement<DeliveryStepInput>
              name="requestedDate"
              label={t('orders.place.requestedDate')}
              min={dateWindow.min}
              max={dateWindow.max}
              helperText={t('orders.place.requestedHint', { min: formatDate(dateWindow.min, locale), max: formatDate(dateWindow.max, locale) })}
            />
            <TextFieldElement<DeliveryStepInput>
              name="remarks"
              label={t('orders.place.remarks')}
              multiline
              minRows={2}
              maxLength={ORDER_LIMITS.maxRemarks}
            />
          </Form>
        ) : null}

        {step === 'review' && machine && delivery ? (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <Typography>{t('orders.place.reviewIntro')}</Typography>
            {failure ? (
              <Alert severity="error" role="alert" data-testid="place-order-error">
                <AlertTitle>{t('orders.place.failedTitle')}</AlertTitle>
                {problems(failure).length > 0 ? (
                  <Box component="ul" sx={{ m: 0, pl: 2 }}>
                    {problems(failure).map((p) => (
                      <li key={p}>{p}</li>
                    ))}
                  </Box>
                ) : (
                  t(errorKey(failure.code))
                )}
              </Alert>
            ) : null}
            <ReviewSection title={t('orders.place.steps.machine')} onEdit={() => setStep('machine')} editLabel={t('orders.place.edit')}>
              <Typography>{machineLabel(machine)}</Typography>
              <Typography variant="body2" color="text.secondary">
                {pickLocalized(locale, machine.locationEn, machine.locationZh)}
              </Typography>
            </ReviewSection>
            <ReviewSection title={t('orders.place.steps.items')} onEdit={() => setStep('items')} editLabel={t('orders.place.edit')}>
              <Box component="ul" sx={{ m: 0, pl: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
                {lines.map((l) => (
                  <Box component="li" key={l.product.productCode} sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
                    <span>
                      {l.quantity} × {productLabel(l.product)}
                    </span>
                    <span>{formatMoney(l.quantity * l.product.unitPriceCents, locale)}</span>
                  </Box>
                ))}
              </Box>
              <Divider sx={{ my: 1 }} />
              <Box sx={{ display: 'flex', justifyContent: 'space-between', fontWeight: 700 }}>
                <span>{t('orders.detail.total')}</span>
                <span>{formatMoney(totalCents, locale)}</span>
              </Box>
            </ReviewSection>
            <ReviewSection title={t('orders.place.steps.delivery')} onEdit={() => setStep('delivery')} editLabel={t('orders.place.edit')}>
              <DeliveryAddressReview entered={delivery.deliveryAddress} machine={machine} />
              <Typography variant="body2">
                {delivery.contactName} · {delivery.contactPhone}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('common:labelValue', { label: t('orders.place.requestedDate'), value: delivery.requestedDate ? formatDate(delivery.requestedDate, locale) : t('orders.place.earliest') })}
              </Typography>
              {delivery.remarks ? (
                <Typography variant="body2" color="text.secondary">
                  {t('common:labelValue', { label: t('orders.place.remarks'), value: delivery.remarks })}
                </Typography>
              ) : null}
            </ReviewSection>
            <StepButtons
              onBack={() => setStep('delivery')}
              backLabel={t('orders.place.back')}
              onNext={() => void submit()}
              nextLabel={submitting ? t('orders.place.submitting') : t('orders.place.submit')}
              loading={submitting}
            />
          </Box>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

const TYPE_ORDER: readonly string[] = ORDERABLE_PRODUCT_TYPES;

/**
 * The review's delivery address: the one entered, or (field left empty or spaces only) the address the order will go
 * to instead, saying which of the machine's addresses it is (QA: the review showed none and the order was saved with
 * the site address). With no address at all the server refuses the order; the review says so first.
 */
function DeliveryAddressReview({ entered, machine }: { entered: string | undefined; machine: OrderableMachine }) {
  const { t } = useTranslation('orders');
  const typed = entered?.trim();
  if (typed) return <Typography sx={{ whiteSpace: 'pre-line' }}>{typed}</Typography>;
  const fallback = fallbackDeliveryAddress(machine);
  if (!fallback) {
    return (
      <Typography color="error" data-testid="review-no-address">
        {t('orders.place.noAddress')}
      </Typography>
    );
  }
  return (
    <Box data-testid="review-fallback-address">
      <Typography variant="body2" color="text.secondary">
        {t(fallback.source === 'site' ? 'orders.place.fallbackSite' : 'orders.place.fallbackToner')}
      </Typography>
      <Typography sx={{ whiteSpace: 'pre-line' }}>{fallback.address}</Typography>
    </Box>
  );
}

function groupByType(products: readonly OrderableProduct[]): [string, OrderableProduct[]][] {
  const groups = new Map<string, OrderableProduct[]>();
  for (const p of products) groups.set(p.productType, [...(groups.get(p.productType) ?? []), p]);
  return [...groups.entries()].sort(([a], [b]) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b));
}

function StepButtons({
  onBack,
  backLabel,
  onNext,
  nextLabel,
  disabled,
  loading,
}: {
  onBack: () => void;
  backLabel: string;
  onNext: () => void;
  nextLabel: string;
  disabled?: boolean;
  loading?: boolean;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end', flexDirection: { xs: 'column-reverse', sm: 'row' } }}>
      <Button onClick={onBack} disabled={loading}>
        {backLabel}
      </Button>
      <Button variant="contained" onClick={onNext} disabled={disabled || loading} loading={loading} loadingPosition="start">
        {nextLabel}
      </Button>
    </Box>
  );
}

function ReviewSection({ title, onEdit, editLabel, children }: { title: string; onEdit: () => void; editLabel: string; children: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Button size="small" onClick={onEdit} aria-label={t('common:labelValue', { label: editLabel, value: title })}>
          {editLabel}
        </Button>
      </Box>
      {children}
    </Paper>
  );
}
