import { useTranslation } from 'react-i18next';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { CodeBlock } from './code-block';
import { sendEndpoint } from './send';

/** The body fields of the endpoint, in the order the documentation lists them. */
const FIELDS = [
  'number',
  'body',
  'userId',
  'queueId',
  'sendSignature',
  'closeTicket',
  'medias',
] as const;
const ERROR_CODES = ['e400', 'e401', 'e403', 'e429'] as const;

/** The example calls, built on the console's own api address so they can be pasted as they are. */
export function examples(endpoint: string) {
  const json = JSON.stringify(
    {
      number: '5511999999999',
      body: 'Olá! Sua solicitação foi recebida.',
      userId: 1,
      queueId: 1,
      sendSignature: false,
      closeTicket: false,
    },
    null,
    2,
  );
  return {
    text: [
      `curl -X POST '${endpoint}' \\`,
      `  -H 'Authorization: Bearer SEU_TOKEN' \\`,
      `  -H 'Content-Type: application/json' \\`,
      `  -d '${json.replace(/'/g, "'\\''")}'`,
    ].join('\n'),
    json,
    media: [
      `curl -X POST '${endpoint}' \\`,
      `  -H 'Authorization: Bearer SEU_TOKEN' \\`,
      `  -F 'number=5511999999999' \\`,
      `  -F 'body=Segue o arquivo' \\`,
      `  -F 'medias=@/caminho/arquivo.pdf'`,
    ].join('\n'),
    answer: JSON.stringify(
      { mensagem: 'Mensagem enviada', ticketId: 42, messageIds: [1001] },
      null,
      2,
    ),
    error: JSON.stringify(
      {
        error: 'ERR_VALIDATION',
        fields: [{ field: 'number', message: 'Digits only: country code, area code and number' }],
      },
      null,
      2,
    ),
  };
}

/** The documentation half of the page: endpoint, headers, examples, fields, answers, errors. */
export function ApiDocs() {
  const { t } = useTranslation();
  const endpoint = sendEndpoint();
  const code = examples(endpoint);

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">{t('messagesApi.docs.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 text-sm">
        <section className="grid gap-2">
          <h2 className="font-semibold">{t('messagesApi.docs.endpoint')}</h2>
          <p>
            <span className="mr-2 rounded bg-primary px-2 py-0.5 font-mono text-xs text-primary-foreground">
              POST
            </span>
            <code className="font-mono break-all">{endpoint}</code>
          </p>
          <CodeBlock code={endpoint} label={t('messagesApi.docs.endpoint')} />
        </section>

        <section className="grid gap-2">
          <h2 className="font-semibold">{t('messagesApi.docs.headers')}</h2>
          <p className="text-muted-foreground">{t('messagesApi.docs.headersText')}</p>
          <p className="rounded-md border border-amber-500/50 bg-amber-500/10 p-3">
            {t('messagesApi.docs.numberRule')}
          </p>
        </section>

        <section className="grid gap-2">
          <h2 className="font-semibold">{t('messagesApi.docs.textTitle')}</h2>
          <CodeBlock code={code.json} label={`${t('messagesApi.docs.textTitle')} — JSON`} />
          <CodeBlock code={code.text} label={`${t('messagesApi.docs.textTitle')} — curl`} />
        </section>

        <section className="grid gap-2">
          <h2 className="font-semibold">{t('messagesApi.docs.mediaTitle')}</h2>
          <p className="text-muted-foreground">{t('messagesApi.docs.mediaText')}</p>
          <CodeBlock code={code.media} label={`${t('messagesApi.docs.mediaTitle')} — curl`} />
        </section>

        <section className="grid gap-2">
          <h2 className="font-semibold">{t('messagesApi.docs.fieldsTitle')}</h2>
          <table className="w-full border-collapse text-left">
            <thead>
              <tr className="border-b">
                <th className="py-2 pr-4 font-medium">{t('messagesApi.docs.field')}</th>
                <th className="py-2 font-medium">{t('messagesApi.docs.description')}</th>
              </tr>
            </thead>
            <tbody>
              {FIELDS.map((field) => (
                <tr key={field} className="border-b last:border-0">
                  <td className="py-2 pr-4 align-top font-mono">{field}</td>
                  <td className="py-2">{t(`messagesApi.docs.fields.${field}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>

        <section className="grid gap-2">
          <h2 className="font-semibold">{t('messagesApi.docs.answerTitle')}</h2>
          <p className="text-muted-foreground">{t('messagesApi.docs.answerText')}</p>
          <CodeBlock code={code.answer} label={t('messagesApi.docs.answerTitle')} />
        </section>

        <section className="grid gap-2">
          <h2 className="font-semibold">{t('messagesApi.docs.errorsTitle')}</h2>
          <p className="text-muted-foreground">{t('messagesApi.docs.errorsText')}</p>
          <ul className="grid list-disc gap-1 pl-5">
            {ERROR_CODES.map((key) => (
              <li key={key}>{t(`messagesApi.docs.errorCodes.${key}`)}</li>
            ))}
          </ul>
          <CodeBlock code={code.error} label={t('messagesApi.docs.errorsTitle')} />
        </section>
      </CardContent>
    </Card>
  );
}
