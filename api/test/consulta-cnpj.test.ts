import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiError, startTestApi, type TestApi } from './support/api.js';

/** A local stand-in for the CNPJ service, speaking the ReceitaWS protocol: GET /v1/cnpj/{cnpj}. */
let fake: http.Server;
const requests: string[] = [];
let t: TestApi;

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    const cnpj = (req.url ?? '').split('/').pop();
    res.setHeader('Content-Type', 'application/json');
    if (cnpj === '11222333000181') {
      res.end(
        JSON.stringify({
          status: 'OK',
          cnpj: '11.222.333/0001-81',
          nome: 'LOJA DA MARIA LTDA',
          fantasia: 'LOJA DA MARIA',
          email: 'contato@lojadamaria.com.br',
          telefone: '(11) 3333-4444',
          logradouro: 'RUA DAS FLORES',
          numero: '100',
          complemento: '',
          bairro: 'CENTRO',
          municipio: 'SAO PAULO',
          uf: 'SP',
          cep: '01.001-000',
          atividade_principal: [{ code: '47.89-0-99', text: 'Comércio varejista' }],
        }),
      );
    } else if (cnpj === '06990590000123') {
      res.statusCode = 500;
      res.end('{}');
    } else {
      res.end(JSON.stringify({ status: 'ERROR', message: 'CNPJ inválido' }));
    }
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const { port } = fake.address() as AddressInfo;
  t = await startTestApi({ CNPJ_LOOKUP_URL: `http://127.0.0.1:${port}/v1/cnpj` });
});
afterAll(async () => {
  await t?.close();
  await new Promise((r) => fake.close(r));
});

describe('GET /auth/consulta-cnpj/:cnpj', () => {
  it('returns the company data the signup form fills, for a masked CNPJ, without logging in', async () => {
    const data = await t.client().call('consultaCnpj', { params: { cnpj: '11.222.333/0001-81' } });
    expect(data).toEqual({
      nome: 'LOJA DA MARIA LTDA',
      fantasia: 'LOJA DA MARIA',
      email: 'contato@lojadamaria.com.br',
      telefone: '(11) 3333-4444',
      logradouro: 'RUA DAS FLORES',
      numero: '100',
      complemento: '',
      bairro: 'CENTRO',
      municipio: 'SAO PAULO',
      uf: 'SP',
      cep: '01.001-000',
    });
    expect(requests.at(-1)).toBe('/v1/cnpj/11222333000181');
  });

  it('refuses an invalid CNPJ without calling the service', async () => {
    const before = requests.length;
    const e = await apiError(() => t.client().call('consultaCnpj', { params: { cnpj: '11222333000182' } }));
    expect(e).toMatchObject({ status: 400, code: 'ERR_VALIDATION' });
    expect(requests.length).toBe(before);
  });

  it('maps an unknown CNPJ to 404 and a failing service to 502', async () => {
    expect(await apiError(() => t.client().call('consultaCnpj', { params: { cnpj: '11444777000161' } }))).toMatchObject({
      status: 404,
      code: 'ERR_CNPJ_NOT_FOUND',
    });
    expect(await apiError(() => t.client().call('consultaCnpj', { params: { cnpj: '06990590000123' } }))).toMatchObject({
      status: 502,
      code: 'ERR_CNPJ_LOOKUP_FAILED',
    });
  });
});
