import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { NextRouter } from 'next/router';
import mitt from 'next/dist/shared/lib/mitt';
import { z } from 'zod';
import { Form, FormCancelButton, TextFieldElement } from '@/components/common/form';
import { LeaveBlocked } from '@/components/common/form/useLeaveGuard';
import { zodMessages } from '@/lib/zodMessages';
import { renderWithProviders, text } from '../testUtils/render';

const PAGE = '/customer-support/contact-us';
const schema = z.strictObject({ subject: z.string().min(1, zodMessages.required) });
type Values = z.input<typeof schema>;

type PopState = { url: string; as: string; options: Record<string, unknown> };

/**
 * A router whose `push` does what Next's does with its events: `routeChangeStart` (a listener's throw stops the change
 * and rejects the push), then `routeChangeComplete`. `pop(as)` is Back / Forward: `beforePopState`'s callback first.
 */
function nextLikeRouter(asPath = PAGE) {
  const events = mitt();
  let onPop: ((state: PopState) => boolean) | null = null;
  const push = jest.fn(async (url: string, _as?: string, options: { shallow?: boolean } = {}) => {
    events.emit('routeChangeStart', url, { shallow: Boolean(options.shallow) });
    events.emit('routeChangeComplete', url, { shallow: Boolean(options.shallow) });
    return true;
  });
  const router: Partial<NextRouter> = {
    pathname: asPath.split('?')[0]!,
    asPath,
    events,
    push,
    beforePopState: jest.fn((cb: (state: PopState) => boolean) => {
      onPop = cb;
    }),
  };
  const pop = (as: string) => {
    const go = onPop ? onPop({ url: as, as, options: {} }) : true;
    if (go) events.emit('routeChangeStart', as, { shallow: false });
    return go;
  };
  return { router, push, pop };
}

function SubjectForm({ onSubmit = jest.fn(), onSuccess, leaveGuard, onCancel }: { onSubmit?: jest.Mock; onSuccess?: () => void; leaveGuard?: boolean; onCancel?: () => void }) {
  return (
    <Form<Values>
      secondaryActions={onCancel ? <FormCancelButton onClick={onCancel}>Cancel</FormCancelButton> : undefined}
      schema={schema}
      defaultValues={{ subject: '' }}
      submitLabel="Send"
      onSubmit={onSubmit}
      {...(onSuccess ? { onSuccess } : {})}
      {...(leaveGuard === undefined ? {} : { leaveGuard })}
    >
      {(form) => <TextFieldElement control={form.control} name="subject" label="Subject" />}
    </Form>
  );
}

const leaveDialog = () => screen.queryByRole('dialog', { name: 'Leave this page?' });

/** A route change as a link or the menu makes it: resolves true when it went, rejects when the guard stopped it. */
async function navigate(push: jest.Mock, url: string, options?: { shallow?: boolean }) {
  let outcome: unknown;
  await act(async () => {
    outcome = await (push(url, url, options) as Promise<boolean>).catch((e: unknown) => e);
  });
  return outcome;
}

describe('unsaved changes guard (Form)', () => {
  it('a dirty form stops a route change and asks; Stay keeps the form and its values', async () => {
    const user = userEvent.setup();
    const { router, push } = nextLikeRouter();
    renderWithProviders(<SubjectForm />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'Toner is leaking');
    const outcome = await navigate(push, '/my-orders/manage');
    expect(outcome).toBeInstanceOf(LeaveBlocked);
    const dialog = await screen.findByRole('dialog', { name: 'Leave this page?' });
    expect(dialog).toHaveTextContent('The changes you made are not saved.');
    await user.click(screen.getByRole('button', { name: 'Stay' }));
    await waitFor(() => expect(leaveDialog()).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Toner is leaking');
    expect(push).toHaveBeenCalledTimes(1);
  });

  it('Leave continues to the destination the user chose (no second question)', async () => {
    const user = userEvent.setup();
    const { router, push } = nextLikeRouter();
    renderWithProviders(<SubjectForm />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    await navigate(push, '/tc/my-orders/manage?page=2');
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    await waitFor(() => expect(push).toHaveBeenCalledTimes(2));
    expect(push).toHaveBeenLastCalledWith('/tc/my-orders/manage?page=2');
    await expect(push.mock.results[1]!.value).resolves.toBe(true);
    await waitFor(() => expect(leaveDialog()).not.toBeInTheDocument());
  });

  it('asks in Chinese on a /tc/ page', async () => {
    const user = userEvent.setup();
    const { router, push } = nextLikeRouter();
    renderWithProviders(<SubjectForm />, { router, locale: 'tc' });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    await navigate(push, '/tc/inbox');
    expect(await screen.findByRole('dialog', { name: text('tc', 'common:ui.form.leave.title') })).toHaveTextContent(text('tc', 'common:ui.form.leave.body'));
    expect(screen.getByRole('button', { name: text('tc', 'common:ui.form.leave.stay') })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: text('tc', 'common:ui.form.leave.leave') })).toBeInTheDocument();
  });

  it('Back / Forward away from a dirty form: refused, the form’s URL put back, Leave goes back to the entry chosen', async () => {
    const user = userEvent.setup();
    const { router, pop } = nextLikeRouter();
    renderWithProviders(<SubjectForm />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    const pushState = jest.spyOn(window.history, 'pushState');
    const back = jest.spyOn(window.history, 'back').mockImplementation(() => undefined);
    try {
      let went = true;
      await act(async () => {
        went = pop('/my-orders/manage');
      });
      expect(went).toBe(false);
      expect(pushState).toHaveBeenCalledTimes(1);
      await user.click(await screen.findByRole('button', { name: 'Leave' }));
      expect(back).toHaveBeenCalledTimes(1);
      // The popstate of that step back is let through.
      expect(pop('/my-orders/manage')).toBe(true);
    } finally {
      pushState.mockRestore();
      back.mockRestore();
    }
  });

  it('asks nothing for an untouched form, or one edited back to its first values', async () => {
    const user = userEvent.setup();
    const { router, push, pop } = nextLikeRouter();
    renderWithProviders(<SubjectForm />, { router });
    expect(await navigate(push, '/inbox')).toBe(true);
    const field = screen.getByRole('textbox', { name: 'Subject' });
    await user.type(field, 'ab');
    await user.clear(field);
    expect(await navigate(push, '/inbox')).toBe(true);
    expect(pop('/inbox')).toBe(true);
    expect(leaveDialog()).not.toBeInTheDocument();
  });

  it('asks nothing for a change of the same page: its query, a shallow change, the language switch', async () => {
    const user = userEvent.setup();
    const { router, push, pop } = nextLikeRouter(`${PAGE}?tab=a`);
    renderWithProviders(<SubjectForm />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    expect(await navigate(push, `${PAGE}?tab=b`)).toBe(true);
    expect(await navigate(push, '/inbox?id=1', { shallow: true })).toBe(true);
    expect(await navigate(push, `/tc${PAGE}?tab=a`)).toBe(true);
    expect(pop(`/tc${PAGE}`)).toBe(true);
    expect(leaveDialog()).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('x');
  });

  it('asks nothing when a sign-in page is the destination (sign-out, the session-expired dialog’s "Sign in again")', async () => {
    const user = userEvent.setup();
    const { router, push } = nextLikeRouter();
    renderWithProviders(<SubjectForm />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    expect(await navigate(push, `/weblogin?error=TOKEN_EXPIRED&returnTo=${encodeURIComponent(PAGE)}`)).toBe(true);
    expect(await navigate(push, '/tc/login')).toBe(true);
    expect(leaveDialog()).not.toBeInTheDocument();
  });

  it('asks nothing after a successful submission, also when its onSuccess navigates away; asks again once edited', async () => {
    const user = userEvent.setup();
    const { router, push } = nextLikeRouter();
    const onSubmit = jest.fn(async () => ({ ok: true as const, data: { id: '1' }, traceId: 't' }));
    let outcome: unknown;
    const onSuccess = () => {
      void (push('/service-requests/1') as Promise<boolean>).then(
        (v) => (outcome = v),
        (e: unknown) => (outcome = e),
      );
    };
    renderWithProviders(<SubjectForm onSubmit={onSubmit} onSuccess={onSuccess} />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(outcome).toBe(true));
    expect(leaveDialog()).not.toBeInTheDocument();
    // The form stayed (this one does not leave itself): a new change is unsaved again.
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'y');
    expect(await navigate(push, '/inbox')).toBeInstanceOf(LeaveBlocked);
    expect(await screen.findByRole('dialog', { name: 'Leave this page?' })).toBeInTheDocument();
  });

  it('the form’s own Cancel gives the changes up: the way out it takes asks nothing', async () => {
    const user = userEvent.setup();
    const { router, push } = nextLikeRouter();
    let outcome: unknown;
    const onCancel = () => {
      void (push('/customer-support') as Promise<boolean>).then(
        (v) => (outcome = v),
        (e: unknown) => (outcome = e),
      );
    };
    renderWithProviders(<SubjectForm onCancel={onCancel} />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(outcome).toBe(true));
    expect(leaveDialog()).not.toBeInTheDocument();
  });

  it('a form that opts out (leaveGuard={false}) asks nothing', async () => {
    const user = userEvent.setup();
    const { router, push } = nextLikeRouter();
    renderWithProviders(<SubjectForm leaveGuard={false} />, { router });
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    expect(await navigate(push, '/inbox')).toBe(true);
    expect(leaveDialog()).not.toBeInTheDocument();
  });

  it('beforeunload (closing or reloading the tab) sets returnValue only while the form is dirty', async () => {
    const user = userEvent.setup();
    const { router } = nextLikeRouter();
    renderWithProviders(<SubjectForm />, { router });
    const unload = () => {
      const event = new Event('beforeunload', { cancelable: true });
      // jsdom has no BeforeUnloadEvent: a returnValue of its own, as the browser's event has.
      Object.defineProperty(event, 'returnValue', { value: undefined, writable: true });
      window.dispatchEvent(event);
      return event as Event & { returnValue: unknown };
    };
    const clean = unload();
    expect(clean.returnValue).toBeUndefined();
    expect(clean.defaultPrevented).toBe(false);
    await user.type(screen.getByRole('textbox', { name: 'Subject' }), 'x');
    const dirty = unload();
    expect(dirty.returnValue).toBeTruthy();
    expect(dirty.defaultPrevented).toBe(true);
    await user.clear(screen.getByRole('textbox', { name: 'Subject' }));
    expect(unload().returnValue).toBeUndefined();
  });
});
