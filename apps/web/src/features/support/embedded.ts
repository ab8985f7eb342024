/** The mobile app's web view, or a page that embeds this one in a frame. */
interface HostWindow {
  ReactNativeWebView?: { postMessage(message: string): void };
}

export function isEmbedded(): boolean {
  if (typeof window === 'undefined') return false;
  return !!(window as unknown as HostWindow).ReactNativeWebView || window.parent !== window;
}

/** Posts a message to the host: the React Native web view when present, else the parent window. */
export function postToHost(message: Record<string, unknown>): void {
  const host = (window as unknown as HostWindow).ReactNativeWebView;
  if (host) host.postMessage(JSON.stringify(message));
  else window.parent.postMessage(message, '*');
}
