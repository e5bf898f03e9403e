import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'next-i18next/pages';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { trackException } from '@/lib/telemetry';

function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('common');
  return (
    <Box role="alert" sx={{ p: 4, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h5" component="h1">
        {t('errorBoundary.title')}
      </Typography>
      {/* Plain text, not an MUI Alert: this boundary is in every page's shared bundle, the Alert (≈ 10 kB) is not. */}
      <Typography color="error">{t('errorBoundary.message')}</Typography>
      <Button variant="contained" onClick={onRetry}>
        {t('errorBoundary.retry')}
      </Button>
    </Box>
  );
}

type Props = { children: ReactNode; resetKey?: string };
type State = { hasError: boolean; resetKey?: string };

/** Spec §8: a rendering error shows an error page with 'Try again' and a retry button. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { hasError: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { hasError: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    // Navigating elsewhere clears the error.
    if (props.resetKey !== state.resetKey) return { hasError: false, resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    trackException(error, { componentStack: info.componentStack ?? '' });
  }

  private retry = () => this.setState({ hasError: false });

  render() {
    if (this.state.hasError) return <ErrorFallback onRetry={this.retry} />;
    return this.props.children;
  }
}
