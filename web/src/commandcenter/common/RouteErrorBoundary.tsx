/**
 * A React error inside one page (a render that throws, e.g. on an answer of a shape the page does
 * not expect) shows that page's error view in place of its content; the header above it, and so
 * the way to every other page, keeps working. Leaving the page (another path) starts afresh, and
 * "Try again" renders it again after dropping what was read for it.
 */
import { useQueryClient } from "@tanstack/react-query";
import { Component, type ReactNode } from "react";
import { useLocation } from "react-router-dom";
import { ErrorNotice } from "./ErrorNotice";

export const PAGE_ERROR_TEXT = "Something went wrong showing this page.";

interface Props {
  readonly children: ReactNode;
  readonly onReset: () => void;
}

class Boundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ErrorNotice
        message={PAGE_ERROR_TEXT}
        onRetry={() => {
          this.props.onReset();
          this.setState({ failed: false });
        }}
      />
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const client = useQueryClient();
  // Only the failed page's reads are inactive while its error view shows (the session is not).
  const onReset = () => client.removeQueries({ type: "inactive" });
  return (
    <Boundary key={pathname} onReset={onReset}>
      {children}
    </Boundary>
  );
}
