/**
 * QA desk review: the server's refusal of the login id (a hidden control character pasted with it) showed only as the
 * alert "Some of the information entered is not valid. Please check the highlighted fields.", with nothing highlighted.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ForgotPasswordScreen } from '@/components/auth/ForgotPasswordScreen';
import { accountLinksContract } from '@/lib/users/contract';
import { endpointError } from '../testUtils/handlers';
import { renderWithProviders } from '../testUtils/render';
import { server } from '../testUtils/server';

describe('forgot password, a login id the server refuses', () => {
  it.each([
    ['en', 'Remove the hidden control characters from this text.'],
    ['tc', '請刪除此欄文字中的隱藏控制字元。'],
  ] as const)('%s: the message is under the login id, which takes focus', async (locale, text) => {
    server.use(endpointError(accountLinksContract.endpoints.requestPasswordReset, 'VALIDATION', { status: 400, fields: { loginId: ['ui.validation.controlCharacter'] } }));
    renderWithProviders(<ForgotPasswordScreen />, { locale });
    const field = screen.getByTestId('forgot-login-id');
    await userEvent.type(field, 'chan.taiman');
    await userEvent.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
