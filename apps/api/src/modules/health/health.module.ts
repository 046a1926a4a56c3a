import { Module } from '@nestjs/common';
import { ClicksModule } from '../clicks/clicks.module';
import { HealthController } from './health.controller';

@Module({ imports: [ClicksModule], controllers: [HealthController] })
export class HealthModule {}
