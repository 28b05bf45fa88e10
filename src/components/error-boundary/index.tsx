import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChunkTimeoutError } from '../lazy-page/chunk';

interface Props {
  children: ReactNode;
  onRetry?: () => void;
}
interface State {
  error: Error | null;
}

/** Per page: a page that throws shows what happened and a retry, never a white screen. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('page error', error.message, info.componentStack);
  }

  private retry = () => {
    this.setState({ error: null });
    this.props.onRetry?.();
  };

  render() {
    return this.state.error ? <BoundaryFallback error={this.state.error} onRetry={this.retry} /> : this.props.children;
  }
}

function BoundaryFallback({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  const detail = error instanceof ChunkTimeoutError ? t('boundary.chunkTimeout') : error.message;
  // Alert rather than Result: Result's illustrations would weigh on every page's first load
  return (
    <Alert
      type="error"
      showIcon
      style={{ margin: 24 }}
      message={t('boundary.title')}
      description={
        <>
          <p>{t('boundary.description')}</p>
          <p data-testid="boundary-detail">{detail}</p>
        </>
      }
      action={
        <Button type="primary" onClick={onRetry}>
          {t('buttons.retry')}
        </Button>
      }
    />
  );
}
