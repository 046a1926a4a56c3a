import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/sessions.module';
import { UsersModule } from '../users/users.module';
import { WorkspacesModule } from '../workspaces/workspaces.module';
import { SsoIdentityEntity } from './sso-identity.entity';
import { SsoController } from './sso.controller';
import { SsoRepository } from './sso.repository';
import { SsoService } from './sso.service';

/** Single sign-on through an OpenID provider (OIDC_ISSUER): a session for the person it vouches for. */
@Module({
  imports: [SessionsModule, UsersModule, WorkspacesModule, TypeOrmModule.forFeature([SsoIdentityEntity])],
  controllers: [SsoController],
  providers: [SsoService, SsoRepository],
})
export class SsoModule {}
