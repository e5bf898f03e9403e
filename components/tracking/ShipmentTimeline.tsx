import { useRouter } from 'next/router';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'next-i18next/pages';
import { formatDateTime, pickLocalized } from '@/lib/i18n/locales';
import type { ShipmentEvent, ShipmentStep } from '@/lib/orders/schemas';
import { IN_TRANSIT_STEPS } from '@/lib/orders/constants';

const PATH: readonly ShipmentStep[] = IN_TRANSIT_STEPS;

/**
 * The delivery as a vertical stepper: received → picked → dispatched → out for delivery → delivered (or failed),
 * each reached step with its time, place and note; steps not reached yet say so. A step can occur more than once
 * (a second delivery attempt): the latest occurrence is shown.
 */
export function ShipmentTimeline({ events, status, label }: { events: readonly ShipmentEvent[]; status: ShipmentStep; label: string }) {
  const { t } = useTranslation('orders');
  const { locale } = useRouter();
  const last = new Map<ShipmentStep, ShipmentEvent>();
  for (const e of events) last.set(e.step, e);
  const end: ShipmentStep = status === 'failed' ? 'failed' : 'delivered';
  const steps = [...PATH, end];
  const reached = steps.filter((s) => last.has(s)).length;

  return (
    <Stepper orientation="vertical" activeStep={status === end ? steps.length : reached} aria-label={label} component="ol" sx={{ pl: 0 }}>
      {steps.map((step) => {
        const event = last.get(step);
        const failed = step === 'failed';
        return (
          <Step key={step} completed={Boolean(event) && !failed} expanded component="li" data-testid={`timeline-${step}`} data-reached={Boolean(event)}>
            <StepLabel
              error={failed}
              optional={
                <Typography variant="caption" color={event ? 'text.secondary' : 'text.disabled'}>
                  {event ? formatDateTime(event.at, locale) : t('tracking.detail.pendingStep')}
                </Typography>
              }
            >
              {t(`tracking.steps.${step}`)}
            </StepLabel>
            <StepContent>
              {event && (event.locationEn || event.locationZh) ? (
                <Typography variant="body2">{pickLocalized(locale, event.locationEn, event.locationZh)}</Typography>
              ) : null}
              {event && (event.noteEn || event.noteZh) ? (
                <Typography variant="body2" color="text.secondary">
                  {pickLocalized(locale, event.noteEn, event.noteZh)}
                </Typography>
              ) : null}
            </StepContent>
          </Step>
        );
      })}
    </Stepper>
  );
}
