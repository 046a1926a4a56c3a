// The floor of the API's stack, measured beside the baseline: NestJS on its Fastify adapter (the
// versions the service runs) answering one route with none of Linkyard's own work, so that the
// ratio of an API read says how much of the distance to the bare server is the framework's.
//   GET /floor     a fixed JSON answer of the size of `GET /l/api/account`'s, through one guard
//   GET /floor/db  the same after one prepared statement on PostgreSQL (DATABASE_URL), by pg
// Usage: PORT=4102 DATABASE_URL=postgres://... node bench/framework-floor.mjs
import { createRequire } from 'node:module';

const require = createRequire(new URL('../apps/api/package.json', import.meta.url));
require('reflect-metadata');
const { Controller, Get, Injectable, Module, UseGuards } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { FastifyAdapter } = require('@nestjs/platform-fastify');
const { Pool } = require('pg');

const port = Number(process.env.PORT ?? 4102);
const pool = process.env.DATABASE_URL ? new Pool({ connectionString: process.env.DATABASE_URL, max: 10 }) : null;
const ANSWER = {
  error: 0,
  data: {
    id: 1,
    email: 'floor@example.com',
    username: 'floor',
    avatar: '',
    status: 'free',
    planid: null,
    expires: null,
    registered: '2026-11-28 00:00:00',
    apirate: 100000,
  },
};

/** A guard that reads a header, as the service's authentication does before anything else. */
class HeaderGuard {
  canActivate(context) {
    return typeof context.switchToHttp().getRequest().headers.authorization === 'string';
  }
}
Injectable()(HeaderGuard);

class FloorController {
  fixed() {
    return ANSWER;
  }

  async database() {
    const { rows } = await pool.query({ name: 'floor', text: 'SELECT $1::int AS id, now() AS at', values: [1] });
    return { ...ANSWER, data: { ...ANSWER.data, id: rows[0].id } };
  }
}
const method = (name) => Object.getOwnPropertyDescriptor(FloorController.prototype, name);
Reflect.decorate([Get()], FloorController.prototype, 'fixed', method('fixed'));
Reflect.decorate([Get('db')], FloorController.prototype, 'database', method('database'));
Reflect.decorate([UseGuards(HeaderGuard)], FloorController);
Controller('floor')(FloorController);

class FloorModule {}
Module({ controllers: [FloorController], providers: [HeaderGuard] })(FloorModule);

const app = await NestFactory.create(FloorModule, new FastifyAdapter(), { logger: false });
await app.listen(port, '127.0.0.1');
console.log(`framework floor listening on ${port}`);
