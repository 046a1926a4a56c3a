import { Module } from '@nestjs/common';
import { ClicksModule } from '../clicks/clicks.module';
import { HealthController } from './health.controller';
import { ReadinessController } from './readiness.controller';

@Module({ imports: [ClicksModule], controllers: [HealthController, ReadinessController] })
export class HealthModule {}
