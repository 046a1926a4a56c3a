import { Component, lazy, type ComponentType, type ReactNode } from 'react';
import { onServiceBack } from '../connection';

/** The parts whose load failed, each renewed (loaded anew when next shown) by `forgetFailedParts`. */
const failed = new Set<() => void>();

function forgetFailedParts(): void {
  failed.forEach((renew) => renew());
  failed.clear();
}

/**
 * A part of a page whose code loads when it is first shown. A load that fails (the service went
 * away meanwhile) stays failed, so the `OptionalPart` around it shows its fallback (rendering the
 * part again would load it again at once, without end); it is loaded anew when an `OptionalPart`
 * is next shown, or once the service answers again.
 */
export function lazyPart<P extends object>(importer: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  const make = () =>
    lazy(() =>
      importer().catch((error: unknown) => {
        failed.add(() => (current = make()));
        throw error;
      }),
    );
  let current = make();
  return function LazyPart(props: P) {
    const Part = current;
    return <Part {...props} />;
  };
}

/**
 * A part the page can do without (a map beside the list of the same numbers): when it fails, its
 * fallback shows in its place and the rest of the page stays, rather than the whole page giving way
 * to "This page could not be shown".
 */
export class OptionalPart extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  private stop?: () => void;

  constructor(props: { fallback: ReactNode; children: ReactNode }) {
    super(props);
    forgetFailedParts();
  }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidMount(): void {
    this.stop = onServiceBack(() => {
      forgetFailedParts();
      this.setState({ failed: false });
    });
  }

  override componentWillUnmount(): void {
    this.stop?.();
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
