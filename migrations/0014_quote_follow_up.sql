-- The default quote template agrees with online booking (app/domain/templates.ts DEFAULT_QUOTE_TEMPLATE):
-- only where its body is still exactly the first default (LEGACY_QUOTE_TEMPLATE), so a template staff edited stays as it is.
UPDATE `reply_templates` SET `body` = 'Hello {name},

Thank you for asking {company} for a quote for {service}. We have looked at your request and are happy to offer the price below.

To book, choose a day and an arrival time online with the booking link, or call or WhatsApp us on {phone}.' WHERE `kind` = 'quote' AND `body` = 'Hello {name},

Thank you for asking {company} for a quote for {service}. We have looked at your request and are happy to offer the price below.

To book, reply to this e-mail or call us on {phone}.';
