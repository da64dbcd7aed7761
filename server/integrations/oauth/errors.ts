/** The token endpoint refused the refresh token or the client: retrying cannot help until someone reconnects. */
export class OAuthRefusedError extends Error {
  constructor(
    message: string,
    /** The endpoint's error code (invalid_grant, invalid_client, unauthorized_client). */
    readonly code: string | null = null,
  ) {
    super(message);
    this.name = 'OAuthRefusedError';
  }
}
