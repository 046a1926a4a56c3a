import { Module } from '@nestjs/common';
import { AutomaticHttps } from './automatic-https';
import { CertificatesRepository } from './certificates.repository';

/** Automatic HTTPS through an ACME CA (ACME_EMAIL): certificates for the service and its verified branded domains. */
@Module({
  providers: [AutomaticHttps, CertificatesRepository],
  exports: [AutomaticHttps],
})
export class HttpsModule {}
