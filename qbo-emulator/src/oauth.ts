/**
 * Intuit's OAuth 2.0 side, as the emulator plays it: the consent page and its form, the token
 * endpoint (authorization code and refresh grants, every refresh rotating the refresh token) and
 * the revoke endpoint, and the access tokens the accounting API accepts. Each token pair belongs to
 * one realm (a `Binding` shared by every pair rotated from it), so a token of one company never
 * reads another, as at Intuit.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { html, json, page, redirect, same } from './http';
import type { SandboxCompany } from './types';

export const AUTHORIZE_PATH = '/connect/oauth2';
export const CONSENT_PATH = '/connect/oauth2/consent';
export const TOKEN_PATH = '/oauth2/v1/tokens/bearer';
export const REVOKE_PATH = '/oauth2/v1/tokens/revoke';
export const ACCOUNTING_SCOPE = 'com.intuit.quickbooks.accounting';
/** Refresh tokens with this prefix are answered invalid_grant (the demo seed has one). */
export const REVOKED_TOKEN_PREFIX = 'revoked-';
export const ACCESS_TOKEN_TTL = 3600;
export const REFRESH_TOKEN_TTL = 8_726_400;
const CODE_TTL_MS = 5 * 60_000;

interface PendingCode {
  realmId: string;
  redirectUri: string;
  expiresAt: number;
}

/**
 * The realm a grant may read, shared by every token pair rotated from it. Null for an adopted
 * refresh token not used yet: the first sandbox company its access token reads binds it.
 */
export interface Binding {
  realmId: string | null;
}

interface Grant {
  binding: Binding;
  /** The pair's other token (access ↔ refresh), so revoking either revokes both. */
  partner: string;
}

/** A live access token: the realm it may read, and when it expires (epoch ms). */
export interface AccessGrant {
  binding: Binding;
  expiresAt: number;
}

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  /** The redirect URIs registered for the app: any other is refused (an empty list accepts none). */
  redirectUris: readonly string[];
}

export class OAuthServer {
  private readonly codes = new Map<string, PendingCode>();
  /** Live refresh tokens → their grant. */
  private readonly refreshTokens = new Map<string, Grant>();
  /** Refresh tokens rotated away or revoked: refused for good. */
  private readonly deadTokens = new Set<string>();
  /** Access tokens → the realm they may read and their expiry. */
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly registered: readonly string[];

  constructor(
    private readonly app: OAuthApp,
    /** The sandbox companies the consent page offers (the emulator adds to it). */
    private readonly companies: readonly SandboxCompany[],
  ) {
    // Left out by a caller in plain JavaScript: nothing is registered, so nothing is accepted.
    this.registered = app.redirectUris ?? [];
  }

  /** The live grant of a bearer access token, expired ones included (the API answers them apart). */
  accessGrant(bearer: string): AccessGrant | undefined {
    return this.accessTokens.get(bearer);
  }

  /** Let every access token issued so far expire. */
  expireAccessTokens(): void {
    for (const grant of this.accessTokens.values()) grant.expiresAt = 0;
  }

  /** Refuses the refresh token (and its access token) from now on. */
  kill(refreshToken: string): void {
    const grant = this.refreshTokens.get(refreshToken);
    if (grant) this.accessTokens.delete(grant.partner);
    this.refreshTokens.delete(refreshToken);
    this.deadTokens.add(refreshToken);
  }

  /**
   * HTTP Basic client authentication. RFC 6749 §2.3.1 has clients form-encode the id and secret
   * before base64 (oauth4webapi does; Intuit's SDKs send them raw): both are accepted.
   */
  clientAuthenticated(request: IncomingMessage): boolean {
    const header = request.headers.authorization ?? '';
    if (!header.startsWith('Basic ')) return false;
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) return false;
    const formDecode = (text: string) => {
      try {
        return decodeURIComponent(text.replace(/\+/g, ' '));
      } catch {
        return text;
      }
    };
    const [id, secret] = [decoded.slice(0, colon), decoded.slice(colon + 1)];
    return [
      [id, secret],
      [formDecode(id), formDecode(secret)],
    ].some(
      ([givenId, givenSecret]) =>
        same(givenId!, this.app.clientId) && same(givenSecret!, this.app.clientSecret),
    );
  }

  private redirectAllowed(uri: string): boolean {
    return /^https?:\/\/\S+$/.test(uri) && this.registered.includes(uri);
  }

  /** `GET /connect/oauth2`: the request checked, then a page to pick a company and connect. */
  consentPage(response: ServerResponse, params: URLSearchParams): void {
    const clientId = params.get('client_id') ?? '';
    const redirectUri = params.get('redirect_uri') ?? '';
    if (clientId !== this.app.clientId) return page(response, 400, 'Unknown client_id.');
    if (!this.redirectAllowed(redirectUri)) return page(response, 400, 'The redirect_uri is not registered.');
    const state = params.get('state') ?? '';
    if (params.get('response_type') !== 'code') {
      return redirect(response, redirectUri, { error: 'unsupported_response_type', state });
    }
    if (!(params.get('scope') ?? '').split(' ').includes(ACCOUNTING_SCOPE)) {
      return redirect(response, redirectUri, { error: 'invalid_scope', state });
    }
    const choices = this.companies
      .map(
        (company, index) =>
          `<label><input type="radio" name="realmId" value="${html(company.realmId)}"${
            index === 0 ? ' checked' : ''
          }> ${html(company.name)} <small>(${html(company.realmId)})</small></label>`,
      )
      .join('\n');
    const hidden = (name: string, value: string) =>
      `<input type="hidden" name="${name}" value="${html(value)}">`;
    return page(
      response,
      200,
      `<h1>Connect to QuickBooks</h1>
<p>An app wants to connect to your QuickBooks company (QuickBooks Online emulator).</p>
<form method="post" action="${CONSENT_PATH}">
${hidden('client_id', clientId)}${hidden('redirect_uri', redirectUri)}${hidden('state', state)}
<fieldset><legend>Choose a company</legend>
${choices}
</fieldset>
<button type="submit" name="decision" value="connect">Connect</button>
<button type="submit" name="decision" value="cancel">Cancel</button>
</form>`,
    );
  }

  /** `POST /connect/oauth2/consent`: back to the app with a single-use code, or access_denied. */
  consent(response: ServerResponse, form: URLSearchParams): void {
    const redirectUri = form.get('redirect_uri') ?? '';
    if (form.get('client_id') !== this.app.clientId || !this.redirectAllowed(redirectUri)) {
      return page(response, 400, 'Invalid consent request.');
    }
    const state = form.get('state') ?? '';
    if (form.get('decision') !== 'connect')
      return redirect(response, redirectUri, { error: 'access_denied', state });
    const realmId = form.get('realmId') ?? '';
    if (!this.companies.some((company) => company.realmId === realmId)) {
      return page(response, 400, 'Choose a company.');
    }
    const code = `emu-code-${randomBytes(18).toString('base64url')}`;
    this.codes.set(code, { realmId, redirectUri, expiresAt: Date.now() + CODE_TTL_MS });
    return redirect(response, redirectUri, { code, state, realmId });
  }

  /** `POST /oauth2/v1/tokens/bearer` (client already authenticated): a new token pair, or why not. */
  token(response: ServerResponse, form: URLSearchParams): void {
    const grantType = form.get('grant_type');
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? '';
      const pending = this.codes.get(code);
      this.codes.delete(code); // single-use, whatever the outcome
      if (!pending || pending.expiresAt < Date.now() || pending.redirectUri !== form.get('redirect_uri')) {
        return json(response, 400, { error: 'invalid_grant' });
      }
      return json(response, 200, this.issue({ realmId: pending.realmId }));
    }
    if (grantType === 'refresh_token') {
      const refreshToken = form.get('refresh_token');
      if (!refreshToken) return json(response, 400, { error: 'invalid_request' });
      if (refreshToken.startsWith(REVOKED_TOKEN_PREFIX) || this.deadTokens.has(refreshToken)) {
        return json(response, 400, { error: 'invalid_grant', error_description: 'Token invalid' });
      }
      // A token never issued here is adopted, bound to no realm until its first read.
      const grant = this.refreshTokens.get(refreshToken);
      this.kill(refreshToken);
      return json(response, 200, this.issue(grant?.binding ?? { realmId: null }));
    }
    return json(response, 400, { error: 'unsupported_grant_type' });
  }

  /** `POST /oauth2/v1/tokens/revoke` (client already authenticated): either token ends the pair. */
  revoke(response: ServerResponse, tokenValue: string | undefined): void {
    if (!tokenValue) return json(response, 400, { error: 'invalid_request' });
    for (const [refreshToken, grant] of this.refreshTokens) {
      if (refreshToken === tokenValue || grant.partner === tokenValue) this.kill(refreshToken);
    }
    this.deadTokens.add(tokenValue);
    this.accessTokens.delete(tokenValue);
    // RFC 7009 and Intuit: 200 with an empty body, also for a token already invalid.
    response.writeHead(200, { 'Cache-Control': 'no-store' });
    response.end();
  }

  private issue(binding: Binding) {
    const accessToken = `emu-access-${randomBytes(24).toString('base64url')}`;
    const refreshToken = `emu-refresh-${randomBytes(18).toString('base64url')}`;
    this.refreshTokens.set(refreshToken, { binding, partner: accessToken });
    this.accessTokens.set(accessToken, { binding, expiresAt: Date.now() + ACCESS_TOKEN_TTL * 1000 });
    return {
      token_type: 'bearer',
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_in: ACCESS_TOKEN_TTL,
      x_refresh_token_expires_in: REFRESH_TOKEN_TTL,
    };
  }
}
