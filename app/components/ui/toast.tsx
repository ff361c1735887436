/**
 * Toasts (react-toastify, top centre, 4000 ms, spec colours). The library is loaded only
 * when the first toast is shown, so public pages don't pay for it up front.
 */
import { useEffect, useState, type ComponentType } from "react";
import type * as Toastify from "react-toastify";

export type ToastKind = "success" | "error";
export const TOAST_COLORS: Record<ToastKind, string> = { success: "#4fbe87", error: "#ff6b6b" };
export const TOAST_DURATION_MS = 4000;

type Pending = { kind: ToastKind; message: string };
let queue: Pending[] = [];
let mounted: ((p: Pending) => void) | null = null;
const waiters = new Set<() => void>();

/** Shows a toast from anywhere on the client (no-op on the server). */
export function showToast(kind: ToastKind, message: string) {
  if (typeof window === "undefined") return;
  if (mounted) mounted({ kind, message });
  else {
    queue.push({ kind, message });
    for (const wake of waiters) wake();
  }
}

type ToastifyModule = typeof Toastify;

export function ToastHost() {
  const [mod, setMod] = useState<ToastifyModule | null>(null);
  const [wanted, setWanted] = useState(false);

  useEffect(() => {
    const wake = () => setWanted(true);
    if (queue.length) wake();
    waiters.add(wake);
    return () => {
      waiters.delete(wake);
    };
  }, []);

  useEffect(() => {
    if (!wanted || mod) return;
    let cancelled = false;
    void import("react-toastify").then((m) => {
      if (!cancelled) setMod(m);
    });
    return () => {
      cancelled = true;
    };
  }, [wanted, mod]);

  useEffect(() => {
    if (!mod) return;
    const show = ({ kind, message }: Pending) => {
      mod.toast[kind](message, {
        style: { background: TOAST_COLORS[kind], color: "#fff" },
        icon: false,
      });
    };
    mounted = show;
    const pending = queue;
    queue = [];
    // Let the container mount before the first toast is pushed.
    setTimeout(() => pending.forEach(show), 0);
    return () => {
      mounted = null;
    };
  }, [mod]);

  if (!mod) return null;
  const Container = mod.ToastContainer as ComponentType<Record<string, unknown>>;
  return (
    <Container
      position="top-center"
      autoClose={TOAST_DURATION_MS}
      hideProgressBar={false}
      newestOnTop
      closeOnClick
      pauseOnHover
      theme="colored"
    />
  );
}

import { LOAD_FAILED } from "~/lib/util/messages";

export { LOAD_FAILED };

/**
 * Spec section 8: a failed data load shows the red toast 'Gagal menampilkan data' and is
 * logged to the console. Used by the error boundaries that catch such failures.
 */
export function useLoadFailedToast(error: unknown, active: boolean) {
  useEffect(() => {
    if (!active) return;
    console.log("Gagal menampilkan data:", error);
    showToast("error", LOAD_FAILED);
  }, [error, active]);
}
