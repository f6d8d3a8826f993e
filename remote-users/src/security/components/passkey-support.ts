/** True when this browser can make and use passkeys (WebAuthn). */
export function passkeysSupportedNow(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}
