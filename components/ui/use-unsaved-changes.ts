'use client';

import { useEffect } from 'react';

/** A link the browser or the router would follow in this tab (not a new tab, download or same-page anchor). */
function leavingLink(event: MouseEvent): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const target = event.target instanceof Element ? event.target.closest('a[href]') : null;
  if (!(target instanceof HTMLAnchorElement)) return null;
  if ((target.target && target.target !== '_self') || target.hasAttribute('download')) return null;
  const url = new URL(target.href, window.location.href);
  const here = new URL(window.location.href);
  if (url.origin === here.origin && url.pathname === here.pathname && url.search === here.search) return null;
  return target;
}

/**
 * While a form holds unsaved input, leaving asks first: closing or reloading the tab through the
 * browser's own prompt (beforeunload), following a link in the app through a confirm. The click
 * listener sits on window in the capture phase, so it runs before Next's Link handler.
 */
export function useUnsavedChanges(dirty: boolean, message = 'Leave this page? Your changes are not saved.'): void {
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const click = (event: MouseEvent) => {
      if (!leavingLink(event)) return;
      if (window.confirm(message)) return;
      event.preventDefault();
      event.stopPropagation();
    };
    window.addEventListener('beforeunload', beforeUnload);
    window.addEventListener('click', click, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      window.removeEventListener('click', click, true);
    };
  }, [dirty, message]);
}
