/**
 * npm run admin:create -- --email admin@urbana.com.br --password '…' [--nome 'Nome'] [--operador]
 * Creates (or promotes) a confirmed staff account. Admin needs an e-mail on ADMIN_EMAILS (docs/spec/specification.md §6).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { MIN_PASSWORD } from '@urbana/shared';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { isCommonPassword } from '../lib/passwords.ts';
import { upsertConfirmedAccount } from '../services/accounts.ts';

const { values } = parseArgs({
  options: {
    email: { type: 'string' },
    password: { type: 'string' },
    nome: { type: 'string' },
    operador: { type: 'boolean', default: false },
  },
});

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

const config = loadConfig();
const email = values.email?.trim().toLowerCase();
const password = values.password ?? '';
if (!email) fail('Informe --email.');
if (password.length < MIN_PASSWORD || isCommonPassword(password)) {
  fail('A senha deve ter pelo menos 6 caracteres e não pode ser uma senha comum.');
}
const tipo = values.operador ? 'operador' : 'admin';
if (tipo === 'admin' && !config.adminEmails.includes(email)) {
  fail(
    `O email ${email} não está em ADMIN_EMAILS (${config.adminEmails.join(', ')}): ele não teria acesso de admin.`,
  );
}

const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
});
try {
  await database.migrate();
  await upsertConfirmedAccount(database.db, {
    email,
    password,
    nome_completo: values.nome ?? (tipo === 'admin' ? 'Administrador' : 'Operador'),
    tipo_usuario: tipo,
  });
  process.stdout.write(`Conta ${tipo} pronta: ${email}\n`);
} finally {
  await database.close();
}
