import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Sql, type Scope } from '../../database/sql';

/** A certificate as kept: its chain (PEM), its private key sealed (sealed.ts), its validity. */
export interface StoredCertificate {
  host: string;
  certificate: string;
  privateKey: string;
  notBefore: Date;
  notAfter: Date;
  updatedAt: Date;
}

interface CertificateRow {
  host: string;
  certificate: string;
  private_key: string;
  not_before: Date;
  not_after: Date;
  updated_at: Date;
}

const EXAMPLE_PEM = '-----BEGIN CERTIFICATE-----\nexample\n-----END CERTIFICATE-----\n';
const ACCOUNT_KEY = 'acme_account_key';

/** Every statement of automatic HTTPS: certificates, the CA account's key, challenges in flight. */
@Injectable()
export class CertificatesRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  @Sql((f) => [f.host])
  async find(host: string): Promise<StoredCertificate | null> {
    const [row] = await this.dataSource.query<CertificateRow[]>(
      `SELECT host, certificate, private_key, not_before, not_after, updated_at FROM tls_certificates WHERE host = $1`,
      [host],
    );
    return row ? toCertificate(row) : null;
  }

  /** Every kept certificate's host and when it last changed: what an instance compares its own copies with. */
  @Sql(() => [])
  async versions(): Promise<Map<string, number>> {
    const rows = await this.dataSource.query<{ host: string; updated_at: Date }[]>(`SELECT host, updated_at FROM tls_certificates`);
    return new Map(rows.map((row) => [row.host, new Date(row.updated_at).getTime()]));
  }

  /** The hosts whose certificate is in the last third of its life at `now` (30 days of Let's Encrypt's 90). */
  @Sql(() => [new Date('2026-01-01T00:00:00Z')])
  async due(now: Date): Promise<string[]> {
    const rows = await this.dataSource.query<{ host: string }[]>(
      `SELECT host FROM tls_certificates WHERE not_after - (not_after - not_before) / 3 <= $1 ORDER BY not_after`,
      [now],
    );
    return rows.map((row) => row.host);
  }

  @Sql((f) => [
    {
      host: f.host,
      certificate: EXAMPLE_PEM,
      privateKey: 'v1.sealed',
      notBefore: new Date('2026-01-01T00:00:00Z'),
      notAfter: new Date('2026-04-01T00:00:00Z'),
    },
  ])
  async save(certificate: Omit<StoredCertificate, 'updatedAt'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO tls_certificates (host, certificate, private_key, not_before, not_after, updated_at)
       VALUES ($1, $2, $3, $4, $5, clock_timestamp())
       ON CONFLICT (host) DO UPDATE SET certificate = excluded.certificate, private_key = excluded.private_key,
         not_before = excluded.not_before, not_after = excluded.not_after, updated_at = excluded.updated_at`,
      [certificate.host, certificate.certificate, certificate.privateKey, certificate.notBefore, certificate.notAfter],
    );
  }

  /** Deletes the host's certificate, in the caller's transaction when given one (a domain's deletion). */
  @Sql((f) => [f.host, f.scope])
  async delete(host: string, scope: Scope = this.dataSource.manager): Promise<void> {
    await scope.query(`DELETE FROM tls_certificates WHERE host = $1`, [host]);
  }

  /** The CA account's key, sealed, or null before the first order. */
  @Sql(() => [])
  async accountKey(): Promise<string | null> {
    const [row] = await this.dataSource.query<{ value: string }[]>(`SELECT value FROM settings WHERE name = $1`, [ACCOUNT_KEY]);
    return row?.value ?? null;
  }

  @Sql(() => ['v1.sealed'])
  async saveAccountKey(sealed: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO settings (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value`,
      [ACCOUNT_KEY, sealed],
    );
  }

  /** An HTTP-01 challenge any instance answers until it expires. */
  @Sql(() => ['example-token', 'example-token.thumbprint', new Date('2026-01-01T00:10:00Z')])
  async putChallenge(token: string, keyAuthorization: string, expiresAt: Date): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO acme_challenges (token, key_authorization, expires_at) VALUES ($1, $2, $3)
       ON CONFLICT (token) DO UPDATE SET key_authorization = excluded.key_authorization, expires_at = excluded.expires_at`,
      [token, keyAuthorization, expiresAt],
    );
  }

  @Sql(() => ['example-token', new Date('2026-01-01T00:00:00Z')])
  async challenge(token: string, now: Date): Promise<string | null> {
    const [row] = await this.dataSource.query<{ key_authorization: string }[]>(
      `SELECT key_authorization FROM acme_challenges WHERE token = $1 AND expires_at > $2`,
      [token, now],
    );
    return row?.key_authorization ?? null;
  }

  /** Drops the challenge, and any other whose time is past. */
  @Sql(() => ['example-token', new Date('2026-01-01T00:00:00Z')])
  async deleteChallenge(token: string, now: Date): Promise<void> {
    await this.dataSource.query(`DELETE FROM acme_challenges WHERE token = $1 OR expires_at <= $2`, [token, now]);
  }
}

function toCertificate(row: CertificateRow): StoredCertificate {
  return {
    host: row.host,
    certificate: row.certificate,
    privateKey: row.private_key,
    notBefore: new Date(row.not_before),
    notAfter: new Date(row.not_after),
    updatedAt: new Date(row.updated_at),
  };
}
