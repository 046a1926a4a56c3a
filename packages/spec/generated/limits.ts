// Generated from openapi.yaml by scripts/limits.mjs (pnpm --filter @linkyard/spec generate): do not edit.
// The rules of each field of the document's object schemas, as the service checks them.

/** A field's rules: lengths, pattern (a JavaScript regular expression's source), range, item counts, allowed values. */
export interface FieldLimits {
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly enum?: readonly (string | number | boolean | null)[];
  readonly items?: FieldLimits;
}

export const LIMITS = {
  "Account": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "username": {
      "pattern": "^[A-Za-z0-9_.-]{3,50}$"
    },
    "avatar": {
      "pattern": "^https://www\\.gravatar\\.com/avatar/[0-9a-f]{64}\\?d=identicon$"
    },
    "status": {
      "enum": [
        "free",
        "pro"
      ]
    },
    "expires": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "registered": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "AccountFields": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "username": {
      "pattern": "^[A-Za-z0-9_.-]{3,50}$"
    },
    "avatar": {
      "pattern": "^https://www\\.gravatar\\.com/avatar/[0-9a-f]{64}\\?d=identicon$"
    },
    "status": {
      "enum": [
        "free",
        "pro"
      ]
    },
    "expires": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "registered": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "AccountUpdate": {
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "password": {
      "minLength": 8,
      "maxLength": 200
    },
    "currentpassword": {
      "maxLength": 200
    }
  },
  "ApiKeyResponse": {
    "apikey": {
      "pattern": "^lyk_[A-Za-z0-9_-]{43}$"
    }
  },
  "ApiKeyRotation": {
    "expires": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "AuditEntry": {
    "id": {
      "minimum": 1
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "via": {
      "enum": [
        "key",
        "session",
        "sso",
        "workspace-key"
      ]
    },
    "key": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "AuditExportRecord": {
    "id": {
      "minimum": 1
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "userid": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "via": {
      "enum": [
        "key",
        "session",
        "sso",
        "workspace-key"
      ]
    },
    "keyid": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "BioContactBlock": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    }
  },
  "BioContactBlockInput": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "title": {
      "minLength": 1,
      "maxLength": 100
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "subject": {
      "maxLength": 200
    }
  },
  "BioEmbedBlock": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "provider": {
      "enum": [
        "youtube",
        "vimeo",
        "spotify",
        "soundcloud"
      ]
    }
  },
  "BioEmbedBlockInput": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "BioHeadingBlock": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "BioHeadingBlockInput": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "text": {
      "minLength": 1,
      "maxLength": 100
    }
  },
  "BioImageBlock": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "width": {
      "minimum": 1,
      "maximum": 1200
    },
    "height": {
      "minimum": 1,
      "maximum": 1600
    }
  },
  "BioImageBlockInput": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "image": {
      "minLength": 1,
      "maxLength": 1048576
    },
    "alt": {
      "maxLength": 200
    }
  },
  "BioLinkBlock": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "icon": {
      "enum": [
        "link",
        "shop",
        "calendar",
        "music",
        "video",
        "download",
        "star",
        "heart",
        "map",
        "news",
        "mail",
        "phone"
      ]
    },
    "clicks": {
      "minimum": 0
    },
    "uniqueClicks": {
      "minimum": 0
    }
  },
  "BioLinkBlockInput": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "title": {
      "minLength": 1,
      "maxLength": 100
    },
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "icon": {
      "enum": [
        "link",
        "shop",
        "calendar",
        "music",
        "video",
        "download",
        "star",
        "heart",
        "map",
        "news",
        "mail",
        "phone"
      ]
    }
  },
  "BioPage": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "domain": {
      "pattern": "^https?://[^/?#@\\s]+$"
    },
    "pixels": {
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "channels": {
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "visits": {
      "minimum": 0
    },
    "uniqueVisits": {
      "minimum": 0
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "updated": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "BioPageAdd": {
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "domain": {
      "maxLength": 300
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "title": {
      "maxLength": 100
    },
    "description": {
      "maxLength": 500
    },
    "avatar": {
      "minLength": 1,
      "maxLength": 1048576
    },
    "language": {
      "maxLength": 35,
      "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"
    },
    "pixels": {
      "maxItems": 50,
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "blocks": {
      "maxItems": 100
    }
  },
  "BioPageFields": {
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "domain": {
      "maxLength": 300
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "title": {
      "maxLength": 100
    },
    "description": {
      "maxLength": 500
    },
    "avatar": {
      "minLength": 1,
      "maxLength": 1048576
    },
    "language": {
      "maxLength": 35,
      "pattern": "^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$"
    },
    "pixels": {
      "maxItems": 50,
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "blocks": {
      "maxItems": 100
    }
  },
  "BioSaved": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "BioSeoInput": {
    "title": {
      "maxLength": 100
    },
    "description": {
      "maxLength": 300
    },
    "image": {
      "minLength": 1,
      "maxLength": 1048576
    }
  },
  "BioSocialBlock": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "clicks": {
      "minimum": 0
    },
    "uniqueClicks": {
      "minimum": 0
    }
  },
  "BioSocialBlockInput": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "links": {
      "minItems": 1,
      "maxItems": 20
    }
  },
  "BioSocialLinkInput": {
    "network": {
      "enum": [
        "website",
        "facebook",
        "instagram",
        "x",
        "threads",
        "bluesky",
        "mastodon",
        "tiktok",
        "youtube",
        "twitch",
        "linkedin",
        "github",
        "pinterest",
        "snapchat",
        "discord",
        "whatsapp",
        "telegram",
        "spotify",
        "soundcloud"
      ]
    },
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "BioSummary": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "visits": {
      "minimum": 0
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "BioTextBlock": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "BioTextBlockInput": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "text": {
      "minLength": 1,
      "maxLength": 1000
    }
  },
  "BioTheme": {
    "background": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "text": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "button": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "buttonText": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "buttonShape": {
      "enum": [
        "square",
        "rounded",
        "pill"
      ]
    },
    "font": {
      "enum": [
        "system",
        "serif",
        "mono",
        "rounded"
      ]
    }
  },
  "BioThemeInput": {
    "background": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "text": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "button": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "buttonText": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "buttonShape": {
      "enum": [
        "square",
        "rounded",
        "pill"
      ]
    },
    "font": {
      "enum": [
        "system",
        "serif",
        "mono",
        "rounded"
      ]
    }
  },
  "Campaign": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "minLength": 2,
      "maxLength": 100
    },
    "domain": {
      "minLength": 2,
      "maxLength": 100
    }
  },
  "CampaignAdd": {
    "name": {
      "minLength": 2,
      "maxLength": 100
    },
    "slug": {
      "pattern": "^[a-z0-9-]{3,50}$"
    }
  },
  "CampaignSaved": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "domain": {
      "minLength": 2,
      "maxLength": 100
    }
  },
  "CampaignUpdate": {
    "name": {
      "minLength": 2,
      "maxLength": 100
    },
    "slug": {
      "pattern": "^[a-z0-9-]{3,50}$"
    }
  },
  "Channel": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "description": {
      "maxLength": 500
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    }
  },
  "ChannelAdd": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "description": {
      "maxLength": 500
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    }
  },
  "ChannelCreated": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "description": {
      "maxLength": 500
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    }
  },
  "ChannelFields": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "description": {
      "maxLength": 500
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    }
  },
  "ChannelItem": {
    "type": {
      "enum": [
        "links",
        "bio",
        "qr"
      ]
    },
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2}$"
    }
  },
  "ChannelUpdate": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "description": {
      "maxLength": 500
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    }
  },
  "ClickSeries": {
    "interval": {
      "enum": [
        "hour",
        "day",
        "week",
        "month"
      ]
    }
  },
  "DeepLink": {
    "apple": {
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^(?!(?:[Jj][Aa][Vv][Aa]|[Vv][Bb])[Ss][Cc][Rr][Ii][Pp][Tt]:|[Dd][Aa][Tt][Aa]:|[Ff][Ii][Ll][Ee](?:[Ss][Yy][Ss][Tt][Ee][Mm])?:|[Bb][Ll][Oo][Bb]:|[Aa][Bb][Oo][Uu][Tt]:)[A-Za-z][A-Za-z0-9+.-]*:"
    },
    "google": {
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^(?!(?:[Jj][Aa][Vv][Aa]|[Vv][Bb])[Ss][Cc][Rr][Ii][Pp][Tt]:|[Dd][Aa][Tt][Aa]:|[Ff][Ii][Ll][Ee](?:[Ss][Yy][Ss][Tt][Ee][Mm])?:|[Bb][Ll][Oo][Bb]:|[Aa][Bb][Oo][Uu][Tt]:)[A-Za-z][A-Za-z0-9+.-]*:"
    }
  },
  "DeepLinkInput": {
    "apple": {
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^(?!(?:[Jj][Aa][Vv][Aa]|[Vv][Bb])[Ss][Cc][Rr][Ii][Pp][Tt]:|[Dd][Aa][Tt][Aa]:|[Ff][Ii][Ll][Ee](?:[Ss][Yy][Ss][Tt][Ee][Mm])?:|[Bb][Ll][Oo][Bb]:|[Aa][Bb][Oo][Uu][Tt]:)[A-Za-z][A-Za-z0-9+.-]*:"
    },
    "google": {
      "minLength": 1,
      "maxLength": 2000,
      "pattern": "^(?!(?:[Jj][Aa][Vv][Aa]|[Vv][Bb])[Ss][Cc][Rr][Ii][Pp][Tt]:|[Dd][Aa][Tt][Aa]:|[Ff][Ii][Ll][Ee](?:[Ss][Yy][Ss][Tt][Ee][Mm])?:|[Bb][Ll][Oo][Bb]:|[Aa][Bb][Oo][Uu][Tt]:)[A-Za-z][A-Za-z0-9+.-]*:"
    }
  },
  "DeviceTarget": {
    "device": {
      "pattern": "^([Ii][Pp][Hh][Oo][Nn][Ee]|[Ii][Pp][Aa][Dd]|[Aa][Nn][Dd][Rr][Oo][Ii][Dd]|[Ww][Ii][Nn][Dd][Oo][Ww][Ss]|[Mm][Aa][Cc][Oo][Ss]|[Ll][Ii][Nn][Uu][Xx])$"
    },
    "link": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "Domain": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "domain": {
      "pattern": "^https?://[^/?#@\\s]+$"
    },
    "redirectroot": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "redirect404": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "DomainAdd": {
    "domain": {
      "maxLength": 300,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^/?#@\\s]+/?$"
    },
    "redirectroot": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "redirect404": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "DomainUpdate": {
    "redirectroot": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "redirect404": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "Error": {
    "message": {
      "minLength": 1
    }
  },
  "GeoTarget": {
    "location": {
      "minLength": 2,
      "maxLength": 100
    },
    "link": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "Health": {
    "status": {
      "enum": [
        "ok",
        "degraded"
      ]
    },
    "redis": {
      "enum": [
        "up",
        "down",
        "unused"
      ]
    }
  },
  "IdResponse": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "ImportResult": {
    "line": {
      "minimum": 1
    },
    "result": {
      "enum": [
        "created",
        "renamed",
        "existing",
        "failed"
      ]
    },
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "reason": {
      "enum": [
        "taken",
        "unusable"
      ]
    }
  },
  "Invitation": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "role": {
      "enum": [
        "owner",
        "admin",
        "editor",
        "viewer"
      ]
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "expires": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "InvitationAdd": {
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "role": {
      "enum": [
        "owner",
        "admin",
        "editor",
        "viewer"
      ]
    }
  },
  "LanguageTarget": {
    "language": {
      "pattern": "^[A-Za-z]{2}$"
    },
    "link": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    }
  },
  "LinkAdd": {
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "custom": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "domain": {
      "maxLength": 300
    },
    "password": {
      "minLength": 6,
      "maxLength": 100
    },
    "expiry": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "type": {
      "pattern": "^(direct|frame|[1-9][0-9]{0,9}|overlay-[1-9][0-9]{0,9})$"
    },
    "metatitle": {
      "maxLength": 200
    },
    "title": {
      "maxLength": 200
    },
    "description": {
      "maxLength": 500
    },
    "metadescription": {
      "maxLength": 500
    },
    "metaimage": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "pixels": {
      "maxItems": 50,
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "campaign": {
      "minimum": 0,
      "maximum": 2147483647
    },
    "channel": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "geotarget": {
      "maxItems": 50
    },
    "devicetarget": {
      "maxItems": 50
    },
    "languagetarget": {
      "maxItems": 50
    },
    "parameters": {
      "maxItems": 20
    },
    "status": {
      "enum": [
        "public",
        "private"
      ]
    },
    "tags": {
      "maxItems": 20,
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "clicklimit": {
      "minimum": 0,
      "maximum": 2147483647
    },
    "startdate": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "variants": {
      "maxItems": 10
    }
  },
  "LinkBulkChanges": {
    "addtags": {
      "minItems": 1,
      "maxItems": 20,
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "removetags": {
      "minItems": 1,
      "maxItems": 20,
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "campaign": {
      "minimum": 0,
      "maximum": 2147483647
    },
    "channel": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "expiry": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "domain": {
      "maxLength": 300
    },
    "status": {
      "enum": [
        "public",
        "private"
      ]
    },
    "clicklimit": {
      "minimum": 0,
      "maximum": 2147483647
    },
    "startdate": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "LinkBulkCreated": {
    "index": {
      "minimum": 0
    },
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    }
  },
  "LinkBulkEditRefused": {
    "message": {
      "minLength": 1
    }
  },
  "LinkBulkEditRequest": {
    "ids": {
      "minItems": 1,
      "maxItems": 1000,
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    }
  },
  "LinkBulkFailed": {
    "index": {
      "minimum": 0
    },
    "status": {
      "enum": [
        400,
        404,
        409
      ]
    },
    "message": {
      "minLength": 1
    }
  },
  "LinkBulkRequest": {
    "urls": {
      "minItems": 1,
      "maxItems": 1000
    }
  },
  "LinkCreated": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "LinkDetailResponse": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "LinkDetails": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "longurl": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "metaimage": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "domain": {
      "pattern": "^https?://[^/?#@\\s]+$"
    },
    "status": {
      "enum": [
        "public",
        "private"
      ]
    },
    "type": {
      "pattern": "^(direct|frame|[1-9][0-9]{0,9}|overlay-[1-9][0-9]{0,9})$"
    },
    "expiry": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "startdate": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "clicklimit": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "pixels": {
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "campaign": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "channels": {
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "tags": {
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "clicks": {
      "minimum": 0
    },
    "uniqueClicks": {
      "minimum": 0
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "LinkExportRecord": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "longurl": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "metaimage": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "domain": {
      "pattern": "^https?://[^/?#@\\s]+$"
    },
    "status": {
      "enum": [
        "public",
        "private"
      ]
    },
    "type": {
      "pattern": "^(direct|frame|[1-9][0-9]{0,9}|overlay-[1-9][0-9]{0,9})$"
    },
    "expiry": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "startdate": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "clicklimit": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "pixels": {
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "campaign": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "channels": {
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "tags": {
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "clicks": {
      "minimum": 0
    },
    "uniqueClicks": {
      "minimum": 0
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "LinkFilter": {
    "q": {
      "maxLength": 200
    },
    "campaign": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "channel": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "domain": {
      "maxLength": 300
    },
    "tag": {
      "maxItems": 20,
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "status": {
      "enum": [
        "public",
        "private"
      ]
    },
    "state": {
      "enum": [
        "active",
        "expired",
        "limited",
        "scheduled"
      ]
    },
    "from": {
      "maxLength": 40
    },
    "to": {
      "maxLength": 40
    },
    "archived": {
      "enum": [
        "include",
        "only"
      ]
    }
  },
  "LinkSummary": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "alias": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "longurl": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "clicks": {
      "minimum": 0
    },
    "tags": {
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "LinkUpdate": {
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "custom": {
      "pattern": "^[A-Za-z0-9_-]{3,50}$"
    },
    "domain": {
      "maxLength": 300
    },
    "password": {
      "minLength": 6,
      "maxLength": 100
    },
    "expiry": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "type": {
      "pattern": "^(direct|frame|[1-9][0-9]{0,9}|overlay-[1-9][0-9]{0,9})$"
    },
    "metatitle": {
      "maxLength": 200
    },
    "title": {
      "maxLength": 200
    },
    "description": {
      "maxLength": 500
    },
    "metadescription": {
      "maxLength": 500
    },
    "metaimage": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "pixels": {
      "maxItems": 50,
      "items": {
        "minimum": 1,
        "maximum": 2147483647
      }
    },
    "campaign": {
      "minimum": 0,
      "maximum": 2147483647
    },
    "channel": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "geotarget": {
      "maxItems": 50
    },
    "devicetarget": {
      "maxItems": 50
    },
    "languagetarget": {
      "maxItems": 50
    },
    "parameters": {
      "maxItems": 20
    },
    "status": {
      "enum": [
        "public",
        "private"
      ]
    },
    "tags": {
      "maxItems": 20,
      "items": {
        "minLength": 1,
        "maxLength": 50,
        "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
      }
    },
    "clicklimit": {
      "minimum": 0,
      "maximum": 2147483647
    },
    "startdate": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "variants": {
      "maxItems": 10
    }
  },
  "LinkVariant": {
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "weight": {
      "minimum": 0,
      "maximum": 100
    }
  },
  "Member": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "role": {
      "enum": [
        "owner",
        "admin",
        "editor",
        "viewer"
      ]
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "MemberUpdate": {
    "role": {
      "enum": [
        "owner",
        "admin",
        "editor",
        "viewer"
      ]
    }
  },
  "MessageResponse": {
    "message": {
      "minLength": 1
    }
  },
  "Overlay": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "type": {
      "enum": [
        "message",
        "contact"
      ]
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "message": {
      "minLength": 1,
      "maxLength": 500
    },
    "label": {
      "maxLength": 50
    },
    "link": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "position": {
      "enum": [
        "top",
        "bottom"
      ]
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "bg": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "phone": {
      "pattern": "^\\+?[0-9]{3,20}$"
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "OverlayAdd": {
    "type": {
      "enum": [
        "message",
        "contact"
      ]
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "message": {
      "minLength": 1,
      "maxLength": 500
    },
    "label": {
      "maxLength": 50
    },
    "link": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "position": {
      "enum": [
        "top",
        "bottom"
      ]
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "bg": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "phone": {
      "pattern": "^\\+?[0-9]{3,20}$"
    }
  },
  "OverlaySummary": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "type": {
      "enum": [
        "message",
        "contact"
      ]
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "OverlayUpdate": {
    "type": {
      "enum": [
        "message",
        "contact"
      ]
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "message": {
      "minLength": 1,
      "maxLength": 500
    },
    "label": {
      "maxLength": 50
    },
    "link": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "position": {
      "enum": [
        "top",
        "bottom"
      ]
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "bg": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "phone": {
      "pattern": "^\\+?[0-9]{3,20}$"
    }
  },
  "PageInfo": {
    "result": {
      "minimum": 0
    },
    "perpage": {
      "minimum": 1,
      "maximum": 100
    },
    "currentpage": {
      "minimum": 1
    },
    "nextpage": {
      "minimum": 1
    },
    "maxpage": {
      "minimum": 0
    }
  },
  "Pixel": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "type": {
      "enum": [
        "gtmpixel",
        "gapixel",
        "fbpixel",
        "adwordspixel",
        "linkedinpixel",
        "twitterpixel",
        "adrollpixel",
        "quorapixel",
        "pinterest",
        "bing",
        "snapchat",
        "reddit",
        "tiktok"
      ]
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "tag": {
      "minLength": 1,
      "maxLength": 100
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "PixelAdd": {
    "type": {
      "enum": [
        "gtmpixel",
        "gapixel",
        "fbpixel",
        "adwordspixel",
        "linkedinpixel",
        "twitterpixel",
        "adrollpixel",
        "quorapixel",
        "pinterest",
        "bing",
        "snapchat",
        "reddit",
        "tiktok"
      ]
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "tag": {
      "minLength": 1,
      "maxLength": 100
    }
  },
  "PixelUpdate": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "tag": {
      "minLength": 1,
      "maxLength": 100
    }
  },
  "Plan": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "minLength": 1
    },
    "ratelimit": {
      "minimum": 1
    },
    "price": {
      "minimum": 0
    }
  },
  "Qr": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "scans": {
      "minimum": 0
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "QrAdd": {
    "type": {
      "enum": [
        "text",
        "vcard",
        "link",
        "email",
        "phone",
        "sms",
        "wifi"
      ]
    },
    "data": {
      "minLength": 1,
      "maxLength": 2000
    },
    "background": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "foreground": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "logo": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "logoFile": {
      "minLength": 1,
      "maxLength": 700000
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    }
  },
  "QrCreated": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "QrDetails": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "scans": {
      "minimum": 0
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "type": {
      "enum": [
        "text",
        "vcard",
        "link",
        "email",
        "phone",
        "sms",
        "wifi"
      ]
    },
    "data": {
      "minLength": 1,
      "maxLength": 2000
    },
    "foreground": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "background": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    }
  },
  "QrFields": {
    "type": {
      "enum": [
        "text",
        "vcard",
        "link",
        "email",
        "phone",
        "sms",
        "wifi"
      ]
    },
    "data": {
      "minLength": 1,
      "maxLength": 2000
    },
    "background": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "foreground": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "logo": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "logoFile": {
      "minLength": 1,
      "maxLength": 700000
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    }
  },
  "QrPreview": {
    "type": {
      "enum": [
        "text",
        "vcard",
        "link",
        "email",
        "phone",
        "sms",
        "wifi"
      ]
    },
    "data": {
      "minLength": 1,
      "maxLength": 2000
    },
    "background": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "foreground": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "logo": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "logoFile": {
      "minLength": 1,
      "maxLength": 700000
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "format": {
      "enum": [
        "png",
        "svg"
      ]
    },
    "size": {
      "minimum": 100,
      "maximum": 1000
    }
  },
  "QrSmsData": {
    "phone": {
      "pattern": "^\\+?[0-9]{3,20}$"
    },
    "message": {
      "maxLength": 1000
    }
  },
  "QrUpdate": {
    "type": {
      "enum": [
        "text",
        "vcard",
        "link",
        "email",
        "phone",
        "sms",
        "wifi"
      ]
    },
    "data": {
      "minLength": 1,
      "maxLength": 2000
    },
    "background": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "foreground": {
      "maxLength": 40,
      "pattern": "^rgb\\(\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*,\\s*\\d{1,3}\\s*\\)$"
    },
    "logo": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "logoFile": {
      "minLength": 1,
      "maxLength": 700000
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    }
  },
  "QrVcardData": {
    "fname": {
      "maxLength": 100
    },
    "lname": {
      "maxLength": 100
    },
    "org": {
      "maxLength": 200
    },
    "phone": {
      "maxLength": 30
    },
    "cell": {
      "maxLength": 30
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "site": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "street": {
      "maxLength": 200
    },
    "city": {
      "maxLength": 100
    },
    "state": {
      "maxLength": 100
    },
    "zip": {
      "maxLength": 20
    },
    "country": {
      "maxLength": 100
    }
  },
  "QrWifiData": {
    "ssid": {
      "minLength": 1,
      "maxLength": 32
    },
    "pass": {
      "maxLength": 63
    },
    "encryption": {
      "enum": [
        "WPA",
        "WEP",
        "nopass"
      ]
    }
  },
  "Readiness": {
    "error": {
      "enum": [
        0,
        1
      ]
    },
    "status": {
      "enum": [
        "ready",
        "unready"
      ]
    },
    "message": {
      "minLength": 1
    }
  },
  "ReadinessCheck": {
    "reason": {
      "minLength": 1
    }
  },
  "Session": {
    "via": {
      "enum": [
        "session",
        "sso",
        "apikey"
      ]
    },
    "expires": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "idleExpires": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "csrf": {
      "pattern": "^[A-Za-z0-9_-]{43}$"
    }
  },
  "SessionStart": {
    "login": {
      "minLength": 1,
      "maxLength": 254
    },
    "password": {
      "minLength": 1,
      "maxLength": 200
    },
    "apikey": {
      "minLength": 1,
      "maxLength": 200
    }
  },
  "SharedReport": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "type": {
      "enum": [
        "link",
        "campaign"
      ]
    },
    "link": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "campaign": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "expiry": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "SharedReportAdd": {
    "link": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "campaign": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "maxLength": 100
    },
    "expiry": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "SharedReportCreated": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    }
  },
  "Splash": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "title": {
      "minLength": 1,
      "maxLength": 200
    },
    "text": {
      "maxLength": 2000
    },
    "image": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "delay": {
      "minimum": 0,
      "maximum": 60
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "SplashAdd": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "title": {
      "minLength": 1,
      "maxLength": 200
    },
    "text": {
      "maxLength": 2000
    },
    "image": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "delay": {
      "minimum": 0,
      "maximum": 60
    }
  },
  "SplashSummary": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "SplashUpdate": {
    "name": {
      "minLength": 1,
      "maxLength": 100
    },
    "title": {
      "minLength": 1,
      "maxLength": 200
    },
    "text": {
      "maxLength": 2000
    },
    "image": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "delay": {
      "minimum": 0,
      "maximum": 60
    }
  },
  "Statistics": {
    "clicks": {
      "minimum": 0
    },
    "uniqueClicks": {
      "minimum": 0
    }
  },
  "Subscription": {
    "expiration": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "Tag": {
    "name": {
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    },
    "links": {
      "minimum": 0
    }
  },
  "TagAdd": {
    "name": {
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    }
  },
  "TagUpdate": {
    "name": {
      "minLength": 1,
      "maxLength": 50,
      "pattern": "^(?!\\.{1,2}$)[^\\u0000-\\u001F\\u007F-\\u009F\\u00AD\\u061C\\u180E\\u200B\\u200E\\u200F\\u2028-\\u202E\\u2060-\\u206F\\uFEFF\\uFFF9-\\uFFFB]+$"
    },
    "color": {
      "pattern": "^#[0-9A-Fa-f]{6}$"
    }
  },
  "UrlParameter": {
    "name": {
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\s&=#?]{1,100}$"
    },
    "value": {
      "maxLength": 500
    }
  },
  "User": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "username": {
      "pattern": "^[A-Za-z0-9_.-]{3,50}$"
    },
    "avatar": {
      "pattern": "^https://www\\.gravatar\\.com/avatar/[0-9a-f]{64}\\?d=identicon$"
    },
    "status": {
      "enum": [
        "free",
        "pro"
      ]
    },
    "expires": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "registered": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "disabledsince": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "planid": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "ratelimit": {
      "minimum": 1
    }
  },
  "UserAdd": {
    "username": {
      "pattern": "^[A-Za-z0-9_.-]{3,50}$"
    },
    "email": {
      "minLength": 3,
      "maxLength": 254,
      "pattern": "^[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\\.[A-Za-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$"
    },
    "password": {
      "minLength": 8,
      "maxLength": 200
    },
    "planid": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "expiration": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "ratelimit": {
      "minimum": 1,
      "maximum": 100000
    }
  },
  "Webhook": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "events": {
      "items": {
        "enum": [
          "link.created",
          "link.updated",
          "link.deleted",
          "link.clicked",
          "qr.scanned",
          "campaign.created",
          "campaign.updated",
          "campaign.deleted",
          "domain.created",
          "domain.updated",
          "domain.deleted",
          "link.*",
          "qr.*",
          "campaign.*",
          "domain.*"
        ]
      }
    },
    "pending": {
      "minimum": 0
    },
    "dropped": {
      "minimum": 0
    },
    "lastDropped": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "WebhookAdd": {
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "events": {
      "minItems": 1,
      "maxItems": 15,
      "items": {
        "enum": [
          "link.created",
          "link.updated",
          "link.deleted",
          "link.clicked",
          "qr.scanned",
          "campaign.created",
          "campaign.updated",
          "campaign.deleted",
          "domain.created",
          "domain.updated",
          "domain.deleted",
          "link.*",
          "qr.*",
          "campaign.*",
          "domain.*"
        ]
      }
    }
  },
  "WebhookCreated": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "secret": {
      "pattern": "^whsec_[A-Za-z0-9+/=]+$"
    }
  },
  "WebhookDelivery": {
    "id": {
      "minimum": 1
    },
    "status": {
      "enum": [
        "pending",
        "delivered",
        "failed"
      ]
    },
    "attempts": {
      "minimum": 0
    },
    "nextAttempt": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "lastAttempt": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    },
    "delivered": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "WebhookUpdate": {
    "url": {
      "maxLength": 2000,
      "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://"
    },
    "events": {
      "minItems": 1,
      "maxItems": 15,
      "items": {
        "enum": [
          "link.created",
          "link.updated",
          "link.deleted",
          "link.clicked",
          "qr.scanned",
          "campaign.created",
          "campaign.updated",
          "campaign.deleted",
          "domain.created",
          "domain.updated",
          "domain.deleted",
          "link.*",
          "qr.*",
          "campaign.*",
          "domain.*"
        ]
      }
    }
  },
  "Workspace": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "role": {
      "enum": [
        "owner",
        "admin",
        "editor",
        "viewer"
      ]
    },
    "members": {
      "minimum": 1
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "WorkspaceAdd": {
    "name": {
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001f\\u007f]*$"
    }
  },
  "WorkspaceKey": {
    "id": {
      "minimum": 1,
      "maximum": 2147483647
    },
    "scope": {
      "enum": [
        "full",
        "read"
      ]
    },
    "date": {
      "pattern": "^\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}:\\d{2}$"
    }
  },
  "WorkspaceKeyAdd": {
    "name": {
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001f\\u007f]*$"
    },
    "scope": {
      "enum": [
        "full",
        "read"
      ]
    }
  },
  "WorkspaceUpdate": {
    "name": {
      "minLength": 1,
      "maxLength": 100,
      "pattern": "^[^\\u0000-\\u001f\\u007f]*$"
    }
  }
} as const satisfies Record<string, Record<string, FieldLimits>>;
