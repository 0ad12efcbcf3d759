import type { Language } from "./language";

/**
 * What the server writes to people (mails, pushes, the unsubscribe page), in each
 * language the product speaks. `{name}` is filled (and HTML-escaped) by `fill`.
 */
export const MESSAGES = {
  en: {
    greeting: "Hi {name},",
    greetingNoName: "Hi,",
    signOff: "— The Quorum team",
    footer: "You receive this email because email notifications are on in your Quorum settings.",
    unsubscribe: "Unsubscribe from these emails",
    documentReadySubject: "“{document}” is ready",
    documentReadyBody: "“{document}” in the project “{project}” has been processed. You can now ask questions about it and see its quotes.",
    documentReadyAction: "Open the project",
    documentFailedSubject: "“{document}” could not be processed",
    documentFailedBody: "“{document}” in the project “{project}” could not be processed: {reason}",
    documentFailedAction: "Open the project",
    paymentSucceededSubject: "Payment received: thank you",
    paymentSucceededBody: "We received your payment of {amount} for Quorum Professional. Your plan stays active.",
    paymentFailedSubject: "Your payment did not go through",
    paymentFailedBody:
      "We could not charge {amount} for Quorum Professional. Please update your payment method on your profile to keep your plan.",
    paymentAction: "Open your profile",
    supportAckSubject: "We received your request {reference}",
    supportAckBody:
      "Thank you for contacting Quorum support about “{subject}”. Your reference number is {reference}. We will reply to this address.",
    supportAckPriority: "Your plan includes priority support: your request is at the front of our queue.",
    passwordResetSubject: "Reset your Quorum password",
    passwordResetBody:
      "Someone asked to reset the password of the Quorum account {email}. If it was you, choose a new password with the link below; it works once and only for a short while. If it was not you, ignore this mail: your password stays as it is.",
    passwordResetAction: "Choose a new password",
    verifyEmailSubject: "Verify your email address for Quorum",
    verifyEmailBody:
      "Please confirm that {email} is your address by opening the link below. Until then Quorum sends it no emails. If you did not create a Quorum account, ignore this mail.",
    verifyEmailAction: "Verify my address",
    supportAckEnterprise:
      "Your Enterprise plan includes dedicated support around the clock: your request went straight to your support team.",
    pushDocumentReadyTitle: "Document ready",
    pushDocumentReadyBody: "“{document}” has been processed.",
    pushAnswerReadyTitle: "Your answer is ready",
    pushAnswerReadyBody: "The answer in “{conversation}” is complete.",
    unsubscribeConfirmTitle: "Unsubscribe from Quorum emails?",
    unsubscribeConfirmBody:
      "Quorum will stop sending you notification emails (documents, payments, support). You can turn them back on at any time in Settings.",
    unsubscribeConfirmAction: "Unsubscribe",
    unsubscribedTitle: "You are unsubscribed",
    unsubscribedBody: "Quorum will no longer send you notification emails. You can turn them back on at any time in Settings.",
    unsubscribeInvalidTitle: "This link is not valid",
    unsubscribeInvalidBody: "This unsubscribe link is broken or was not made by Quorum. You can turn email notifications off in Settings.",
    openSettings: "Open Settings",
  },
  es: {
    greeting: "Hola, {name}:",
    greetingNoName: "Hola:",
    signOff: "— El equipo de Quorum",
    footer: "Recibes este correo porque las notificaciones por correo están activadas en tu configuración de Quorum.",
    unsubscribe: "Darse de baja de estos correos",
    documentReadySubject: "«{document}» está listo",
    documentReadyBody: "«{document}» del proyecto «{project}» se ha procesado. Ya puedes hacer preguntas sobre él y ver sus presupuestos.",
    documentReadyAction: "Abrir el proyecto",
    documentFailedSubject: "No se pudo procesar «{document}»",
    documentFailedBody: "No se pudo procesar «{document}» del proyecto «{project}»: {reason}",
    documentFailedAction: "Abrir el proyecto",
    paymentSucceededSubject: "Pago recibido: gracias",
    paymentSucceededBody: "Hemos recibido tu pago de {amount} por Quorum Professional. Tu plan sigue activo.",
    paymentFailedSubject: "Tu pago no se ha podido completar",
    paymentFailedBody:
      "No hemos podido cobrar {amount} por Quorum Professional. Actualiza tu método de pago en tu perfil para conservar tu plan.",
    paymentAction: "Abrir tu perfil",
    supportAckSubject: "Hemos recibido tu solicitud {reference}",
    supportAckBody:
      "Gracias por contactar con el soporte de Quorum sobre «{subject}». Tu número de referencia es {reference}. Te responderemos a esta dirección.",
    supportAckPriority: "Tu plan incluye soporte prioritario: tu solicitud está al principio de nuestra cola.",
    passwordResetSubject: "Restablece tu contraseña de Quorum",
    passwordResetBody:
      "Alguien ha pedido restablecer la contraseña de la cuenta de Quorum {email}. Si has sido tú, elige una nueva contraseña con el enlace de abajo; sirve una sola vez y por poco tiempo. Si no has sido tú, ignora este correo: tu contraseña no cambia.",
    passwordResetAction: "Elegir una nueva contraseña",
    verifyEmailSubject: "Verifica tu dirección de correo para Quorum",
    verifyEmailBody:
      "Confirma que {email} es tu dirección abriendo el enlace de abajo. Hasta entonces Quorum no le envía correos. Si no has creado una cuenta de Quorum, ignora este correo.",
    verifyEmailAction: "Verificar mi dirección",
    supportAckEnterprise:
      "Tu plan Enterprise incluye soporte dedicado las 24 horas: tu solicitud ha ido directamente a tu equipo de soporte.",
    pushDocumentReadyTitle: "Documento listo",
    pushDocumentReadyBody: "«{document}» se ha procesado.",
    pushAnswerReadyTitle: "Tu respuesta está lista",
    pushAnswerReadyBody: "La respuesta en «{conversation}» está completa.",
    unsubscribeConfirmTitle: "¿Darse de baja de los correos de Quorum?",
    unsubscribeConfirmBody:
      "Quorum dejará de enviarte correos de notificación (documentos, pagos, soporte). Puedes volver a activarlos cuando quieras en Configuración.",
    unsubscribeConfirmAction: "Darse de baja",
    unsubscribedTitle: "Te has dado de baja",
    unsubscribedBody: "Quorum ya no te enviará correos de notificación. Puedes volver a activarlos cuando quieras en Configuración.",
    unsubscribeInvalidTitle: "Este enlace no es válido",
    unsubscribeInvalidBody:
      "Este enlace para darse de baja está dañado o no lo ha creado Quorum. Puedes desactivar las notificaciones por correo en Configuración.",
    openSettings: "Abrir Configuración",
  },
  fr: {
    greeting: "Bonjour {name},",
    greetingNoName: "Bonjour,",
    signOff: "— L’équipe Quorum",
    footer: "Vous recevez cet e-mail car les notifications par e-mail sont activées dans vos paramètres Quorum.",
    unsubscribe: "Se désabonner de ces e-mails",
    documentReadySubject: "« {document} » est prêt",
    documentReadyBody:
      "« {document} » du projet « {project} » a été traité. Vous pouvez maintenant poser des questions à son sujet et consulter ses devis.",
    documentReadyAction: "Ouvrir le projet",
    documentFailedSubject: "« {document} » n’a pas pu être traité",
    documentFailedBody: "« {document} » du projet « {project} » n’a pas pu être traité : {reason}",
    documentFailedAction: "Ouvrir le projet",
    paymentSucceededSubject: "Paiement reçu : merci",
    paymentSucceededBody: "Nous avons bien reçu votre paiement de {amount} pour Quorum Professional. Votre abonnement reste actif.",
    paymentFailedSubject: "Votre paiement n’a pas abouti",
    paymentFailedBody:
      "Nous n’avons pas pu prélever {amount} pour Quorum Professional. Mettez à jour votre moyen de paiement sur votre profil pour conserver votre abonnement.",
    paymentAction: "Ouvrir votre profil",
    supportAckSubject: "Nous avons reçu votre demande {reference}",
    supportAckBody:
      "Merci d’avoir contacté le support Quorum au sujet de « {subject} ». Votre numéro de référence est {reference}. Nous vous répondrons à cette adresse.",
    supportAckPriority: "Votre abonnement inclut le support prioritaire : votre demande est en tête de notre file.",
    passwordResetSubject: "Réinitialisez votre mot de passe Quorum",
    passwordResetBody:
      "Quelqu’un a demandé à réinitialiser le mot de passe du compte Quorum {email}. Si c’est vous, choisissez un nouveau mot de passe avec le lien ci-dessous ; il ne sert qu’une fois et peu de temps. Sinon, ignorez cet e-mail : votre mot de passe reste inchangé.",
    passwordResetAction: "Choisir un nouveau mot de passe",
    verifyEmailSubject: "Vérifiez votre adresse e-mail pour Quorum",
    verifyEmailBody:
      "Confirmez que {email} est bien votre adresse en ouvrant le lien ci-dessous. D’ici là, Quorum ne lui envoie aucun e-mail. Si vous n’avez pas créé de compte Quorum, ignorez cet e-mail.",
    verifyEmailAction: "Vérifier mon adresse",
    supportAckEnterprise:
      "Votre abonnement Enterprise inclut un support dédié 24 h/24 : votre demande est allée directement à votre équipe de support.",
    pushDocumentReadyTitle: "Document prêt",
    pushDocumentReadyBody: "« {document} » a été traité.",
    pushAnswerReadyTitle: "Votre réponse est prête",
    pushAnswerReadyBody: "La réponse dans « {conversation} » est terminée.",
    unsubscribeConfirmTitle: "Se désabonner des e-mails de Quorum ?",
    unsubscribeConfirmBody:
      "Quorum cessera de vous envoyer des e-mails de notification (documents, paiements, support). Vous pouvez les réactiver à tout moment dans les Paramètres.",
    unsubscribeConfirmAction: "Se désabonner",
    unsubscribedTitle: "Vous êtes désabonné",
    unsubscribedBody: "Quorum ne vous enverra plus d’e-mails de notification. Vous pouvez les réactiver à tout moment dans les Paramètres.",
    unsubscribeInvalidTitle: "Ce lien n’est pas valide",
    unsubscribeInvalidBody:
      "Ce lien de désabonnement est abîmé ou n’a pas été créé par Quorum. Vous pouvez désactiver les notifications par e-mail dans les Paramètres.",
    openSettings: "Ouvrir les Paramètres",
  },
  de: {
    greeting: "Hallo {name},",
    greetingNoName: "Hallo,",
    signOff: "— Ihr Quorum-Team",
    footer: "Sie erhalten diese E-Mail, weil E-Mail-Benachrichtigungen in Ihren Quorum-Einstellungen aktiviert sind.",
    unsubscribe: "Diese E-Mails abbestellen",
    documentReadySubject: "„{document}“ ist bereit",
    documentReadyBody:
      "„{document}“ im Projekt „{project}“ wurde verarbeitet. Sie können jetzt Fragen dazu stellen und die Angebote darin ansehen.",
    documentReadyAction: "Projekt öffnen",
    documentFailedSubject: "„{document}“ konnte nicht verarbeitet werden",
    documentFailedBody: "„{document}“ im Projekt „{project}“ konnte nicht verarbeitet werden: {reason}",
    documentFailedAction: "Projekt öffnen",
    paymentSucceededSubject: "Zahlung erhalten – vielen Dank",
    paymentSucceededBody: "Wir haben Ihre Zahlung über {amount} für Quorum Professional erhalten. Ihr Tarif bleibt aktiv.",
    paymentFailedSubject: "Ihre Zahlung ist fehlgeschlagen",
    paymentFailedBody:
      "Wir konnten {amount} für Quorum Professional nicht abbuchen. Bitte aktualisieren Sie Ihre Zahlungsmethode in Ihrem Profil, um Ihren Tarif zu behalten.",
    paymentAction: "Profil öffnen",
    supportAckSubject: "Wir haben Ihre Anfrage {reference} erhalten",
    supportAckBody:
      "Danke, dass Sie sich wegen „{subject}“ an den Quorum-Support gewandt haben. Ihre Referenznummer lautet {reference}. Wir antworten Ihnen an diese Adresse.",
    supportAckPriority: "Ihr Tarif umfasst Priority-Support: Ihre Anfrage steht ganz vorne in unserer Warteschlange.",
    passwordResetSubject: "Setzen Sie Ihr Quorum-Passwort zurück",
    passwordResetBody:
      "Jemand hat verlangt, das Passwort des Quorum-Kontos {email} zurückzusetzen. Wenn Sie es waren, wählen Sie über den Link unten ein neues Passwort; er gilt nur einmal und nur kurze Zeit. Wenn nicht, ignorieren Sie diese E-Mail: Ihr Passwort bleibt unverändert.",
    passwordResetAction: "Neues Passwort wählen",
    verifyEmailSubject: "Bestätigen Sie Ihre E-Mail-Adresse für Quorum",
    verifyEmailBody:
      "Bitte bestätigen Sie über den Link unten, dass {email} Ihre Adresse ist. Bis dahin sendet Quorum keine E-Mails an sie. Wenn Sie kein Quorum-Konto angelegt haben, ignorieren Sie diese E-Mail.",
    verifyEmailAction: "Adresse bestätigen",
    supportAckEnterprise: "Ihr Enterprise-Tarif umfasst dedizierten Support rund um die Uhr: Ihre Anfrage ging direkt an Ihr Support-Team.",
    pushDocumentReadyTitle: "Dokument bereit",
    pushDocumentReadyBody: "„{document}“ wurde verarbeitet.",
    pushAnswerReadyTitle: "Ihre Antwort ist bereit",
    pushAnswerReadyBody: "Die Antwort in „{conversation}“ ist fertig.",
    unsubscribeConfirmTitle: "Quorum-E-Mails abbestellen?",
    unsubscribeConfirmBody:
      "Quorum sendet Ihnen dann keine Benachrichtigungs-E-Mails mehr (Dokumente, Zahlungen, Support). Sie können sie jederzeit in den Einstellungen wieder aktivieren.",
    unsubscribeConfirmAction: "Abbestellen",
    unsubscribedTitle: "Sie haben sich abgemeldet",
    unsubscribedBody:
      "Quorum sendet Ihnen keine Benachrichtigungs-E-Mails mehr. Sie können sie jederzeit in den Einstellungen wieder aktivieren.",
    unsubscribeInvalidTitle: "Dieser Link ist ungültig",
    unsubscribeInvalidBody:
      "Dieser Abmeldelink ist beschädigt oder stammt nicht von Quorum. Sie können E-Mail-Benachrichtigungen in den Einstellungen ausschalten.",
    openSettings: "Einstellungen öffnen",
  },
} as const satisfies Record<Language, Record<string, string>>;

export type MessageKey = keyof (typeof MESSAGES)["en"];

/** One message in `language` with its `{placeholders}` filled; `escape` is applied to each value (HTML), not to the message. */
export function fill(language: Language, key: MessageKey, values: Record<string, string> = {}, escape = (s: string) => s): string {
  return MESSAGES[language][key].replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? escape(values[name]!) : whole));
}
