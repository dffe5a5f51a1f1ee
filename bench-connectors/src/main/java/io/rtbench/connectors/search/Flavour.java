package io.rtbench.connectors.search;

/**
 * Elasticsearch or OpenSearch. The driver sends the same requests to both (the bulk, search, refresh and index APIs
 * used here are common to Elasticsearch 7–9 and OpenSearch 1–3); the flavour names the target kind and lets the
 * driver notice a URL that points at the other engine.
 */
enum Flavour {
    ELASTICSEARCH("elasticsearch"),
    OPENSEARCH("opensearch");

    private final String kind;

    Flavour(String kind) {
        this.kind = kind;
    }

    String kind() {
        return kind;
    }
}
