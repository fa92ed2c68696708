import { Component, type ReactNode } from 'react';

/**
 * Shows `fallback` instead of children that failed to render (or whose code failed to load).
 * A new `resetKey` (the address) tries the children again, so leaving a broken page recovers.
 */
export class ErrorBoundary extends Component<
  { fallback: ReactNode; resetKey?: string; children: ReactNode },
  { failed: boolean; resetKey?: string }
> {
  override state: { failed: boolean; resetKey?: string } = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: { resetKey?: string },
    state: { failed: boolean; resetKey?: string },
  ): { failed: boolean; resetKey?: string } | null {
    if (props.resetKey === state.resetKey) return null;
    return { failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
