import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR, DiscoveryModule } from '@nestjs/core';
import { AuditInterceptor } from './audit.interceptor';
import { AuditRetention } from './audit-retention';
import { Mailer } from './mailer';
import { WorkspaceGuard } from './workspace.guard';
import { WorkspacesController } from './workspaces.controller';
import { WorkspacesService } from './workspaces.service';

/** Workspaces, roles, invitations, workspace keys and the audit log. */
@Module({
  imports: [DiscoveryModule],
  controllers: [WorkspacesController],
  providers: [WorkspacesService, Mailer, WorkspaceGuard, AuditRetention, { provide: APP_INTERCEPTOR, useClass: AuditInterceptor }],
  exports: [WorkspaceGuard, WorkspacesService],
})
export class WorkspacesModule {}
