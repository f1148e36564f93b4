/** An address holding a user name and password is refused for that reason, and no message prints
 * the password: errors go to CI logs, which many people can read and which are kept. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseYamlSource } from '../../src/load/yaml-source.js';
import { validateAgainstSchema } from '../../src/validate/schema-validator.js';
import { maskAddress, maskCredentials } from '../../src/validate/urls.js';

const test = suite('credentials in addresses');

const SITE = 'name: N\ntagline: T\ndescription: D\nbaseUrl: https://reference.example.com\npublisher:\n  name: P\neditorialEmail: e@example.com\ntags:\n  evidence: E\n';
const SECRET = 'hunter2secret';

function problems(text: string) {
  const { source, diagnostics } = parseYamlSource(text, 'content/site.yaml');
  assert.equal(diagnostics, []);
  return validateAgainstSchema(source, 'site');
}

test('a webhook URL with a password says so, with the password masked, and where the secret goes', () => {
  const [d, ...rest] = problems(`${SITE}webhooks: [{ url: "https://user:${SECRET}@hooks.example.com/x", events: [article.created], secretEnv: HOOK_SECRET }]\n`);
  assert.equal(rest, []);
  assert.equal([d.rule, d.field, d.line, d.column], ['invalid-format', 'webhooks[0].url', 10, 19]);
  assert.is(d.message, '"https://user:***@hooks.example.com/x" holds a user name and password');
  assert.match(d.hint!, /signing secret in an environment variable and name that variable in secretEnv/);
  assert.not.match(d.message, /not an http/);
});

test('no message about an address of site.yaml prints its password', () => {
  const cases = [
    SITE.replace('baseUrl: https://reference.example.com', `baseUrl: "https://admin:${SECRET}@reference.example.com"`),
    SITE.replace('  name: P\n', `  name: P\n  url: "https://u:${SECRET}@publisher.example.com"\n`),
    `${SITE}license:\n  name: L\n  url: "ftp://u:${SECRET}@x.org/l"\n`,
    `${SITE}indexnow:\n  endpoints: ["https://u:${SECRET}@api.indexnow.org/indexnow"]\n`,
    `${SITE}chronologyBuilderUrl: "u:${SECRET}@host:9000"\n`,
    `${SITE}webhooks: [{ url: "https://${SECRET}@hooks.example.com/x" }]\n`,
    `${SITE}webhooks: "https://u:${SECRET}@hooks.example.com/x"\n`,
    `${SITE}webhooks: [{ url: "https://hooks.example.com/x", events: ["https://u:${SECRET}@x.org"] }]\n`,
    `${SITE}glossaryFaq: [{ question: Q, href: "https://u:${SECRET}@x.org/faq" }]\n`,
  ];
  for (const text of cases) {
    const found = problems(text);
    assert.ok(found.length > 0, text);
    for (const d of found) assert.not.ok(`${d.message} ${d.hint}`.includes(SECRET), `${d.field} ${d.message} ${d.hint}`);
  }
});

test('a secret written where secretEnv wants the name of its variable is not printed', () => {
  for (const value of [`"whsec-${SECRET}"`, `[OK_NAME, "whsec-${SECRET}"]`]) {
    const [d] = problems(`${SITE}webhooks: [{ url: "https://hooks.example.com/x", secretEnv: ${value} }]\n`);
    assert.is(d.rule, 'invalid-format');
    assert.match(d.message, /^is not the name of an environment variable; its value is not shown/);
    assert.match(d.hint!, /WEBHOOK_SECRET \(never the secret itself\)/);
    assert.not.ok(`${d.message} ${d.hint}`.includes(SECRET));
  }
});

test('a control character after an address with a password does not quote it', () => {
  const [d] = problems(`${SITE}webhooks: [{ url: "https://u:${SECRET}@h.io\\u000b" }]\n`).filter((p) => /control character/.test(p.message));
  assert.ok(d);
  assert.not.ok(d.message.includes(SECRET), d.message);
});

test('masking keeps the user name, the host and the path, and leaves email addresses alone', () => {
  assert.is(maskCredentials(`see https://user:${SECRET}@hooks.example.com/x and http://token@d.org`), 'see https://user:***@hooks.example.com/x and http://***@d.org');
  assert.is(maskCredentials('https://u:p@ss@e.org/'), 'https://u:***@e.org/', 'the last "@" ends the credentials');
  assert.is(maskAddress('u:secret@host:9000'), 'u:***@host:9000');
  assert.is(maskAddress('editors@example.com'), 'editors@example.com');
  assert.is(maskAddress('mailto:editors@example.com'), 'mailto:editors@example.com');
});

test.run();
