import { html, nothing, type TemplateResult } from 'lit';
import { messages } from '../i18n/messages.js';

/**
 * The small label beside a position's name: «пакет» for a package, «в составе пакета» for one of its components
 * (no offer of its own); nothing for a service or a server that does not say.
 */
export function kindLabel(kind: string | undefined): TemplateResult | typeof nothing {
  const label = kind ? messages.positionKind[kind] : undefined;
  return label ? html` <span class="kind muted small" data-kind=${kind}>${label}</span>` : nothing;
}
