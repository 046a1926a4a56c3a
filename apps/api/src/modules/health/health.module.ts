import { Module } from '@nestjs/common';
import { ClicksModule } from '../clicks/clicks.module';
import { HealthController } from './health.controller';
import { HealthRepository } from './health.repository';
import { ReadinessController } from './readiness.controller';

@Module({ imports: [ClicksModule], controllers: [HealthController, ReadinessController], providers: [HealthRepository] })
export class HealthModule {}
