import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
  /** When this changes (a navigation), a caught error is cleared. */
  resetKey: string;
  onReset: () => void;
  renderError: (error: unknown, reset: () => void) => ReactNode;
}

type ErrorBoundaryState = { failed: false } | { failed: true; error: unknown };

export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidUpdate(previous: ErrorBoundaryProps): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.reset();
  }

  reset = (): void => {
    this.props.onReset();
    this.setState({ failed: false });
  };

  override render(): ReactNode {
    if (this.state.failed) return this.props.renderError(this.state.error, this.reset);
    return this.props.children;
  }
}
