{{/*
A component's Deployment. Usage:
  include "atendo.deployment" (dict "root" $ "component" "api" "probes" (dict "live" "/health" "ready" "/health"))
The component's env comes from the "atendo.env.<component>" template.
*/}}
{{- define "atendo.deployment" -}}
{{- $root := .root -}}
{{- $c := .component -}}
{{- $values := index $root.Values $c -}}
{{- $ctx := dict "root" $root "component" $c -}}
{{- $autoscaling := and (hasKey $values "autoscaling") $values.autoscaling.enabled -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  {{- include "atendo.metadata" $ctx | nindent 2 }}
spec:
  {{- if not $autoscaling }}
  replicas: {{ $values.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  selector:
    matchLabels:
      {{- include "atendo.selectorLabels" $ctx | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "atendo.labels" $ctx | nindent 8 }}
      {{- with $values.podAnnotations }}
      annotations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
    spec:
      serviceAccountName: {{ include "atendo.serviceAccountName" $ctx }}
      automountServiceAccountToken: {{ has $c (list "api" "operator") }}
      enableServiceLinks: false
      {{- with (include "atendo.imagePullSecrets" $root | trim) }}
      {{- . | nindent 6 }}
      {{- end }}
      {{- with (include "atendo.podSecurityContext" $root | trim) }}
      {{- . | nindent 6 }}
      {{- end }}
      terminationGracePeriodSeconds: 30
      {{- with (include "atendo.scheduling" $values | trim) }}
      {{- . | nindent 6 }}
      {{- end }}
      containers:
        - name: {{ $c }}
          image: {{ include "atendo.image" (dict "root" $root "image" $values.image) }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          {{- if .probes }}
          ports:
            - name: http
              containerPort: 8080
              protocol: TCP
          {{- end }}
          env:
            - name: NODE_ENV
              value: production
            - name: LOG_LEVEL
              value: {{ $root.Values.config.logLevel | quote }}
            {{- include (printf "atendo.env.%s" $c) $root | nindent 12 }}
            {{- with $values.extraEnvVars }}
            {{- toYaml . | nindent 12 }}
            {{- end }}
          resources:
            {{- toYaml $values.resources | nindent 12 }}
          {{- if eq $c "api" }}
          # On a stop, the Service first stops sending the pod new requests; then SIGTERM starts
          # the api's drain (API_DRAIN_MS, 20 s): 5 + 20 s fit the 30 s grace period.
          lifecycle:
            preStop:
              exec:
                command: ["sleep", "5"]
          {{- end }}
          {{- with .probes }}
          livenessProbe:
            httpGet:
              path: {{ .live }}
              port: http
            initialDelaySeconds: 10
            periodSeconds: 10
            timeoutSeconds: 3
            failureThreshold: 6
          readinessProbe:
            httpGet:
              path: {{ .ready }}
              port: http
            periodSeconds: 5
            timeoutSeconds: 3
            failureThreshold: 3
          {{- end }}
          {{- with (include "atendo.containerSecurityContext" $root | trim) }}
          {{- . | nindent 10 }}
          {{- end }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- if or (eq $c "api") (eq $c "worker") }}
            - name: uploads
              mountPath: /data
            {{- end }}
      volumes:
        - name: tmp
          emptyDir: {}
        {{- if or (eq $c "api") (eq $c "worker") }}
        - name: uploads
          {{- if $root.Values.api.uploads.existingClaim }}
          persistentVolumeClaim:
            claimName: {{ $root.Values.api.uploads.existingClaim }}
          {{- else }}
          emptyDir: {}
          {{- end }}
        {{- end }}
{{- end -}}

{{- define "atendo.env.api" -}}
- name: PORT
  value: "8080"
- name: SESSION_RUNTIME
  value: kubernetes
- name: KUBERNETES_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: TEMPORAL_ADDRESS
  value: {{ .Values.externalTemporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ .Values.externalTemporal.namespace | quote }}
- name: FRONTEND_URL
  value: {{ .Values.config.frontendUrl | quote }}
- name: CORS_ORIGINS
  value: {{ .Values.config.frontendUrl | quote }}
- name: TRUST_PROXY
  value: {{ .Values.api.trustProxy | quote }}
- name: ADMIN_EMAIL
  value: {{ .Values.config.adminEmail | quote }}
- name: DATA_DIR
  value: /tmp/atendo
- name: UPLOAD_DIR
  value: /data/uploads
- name: CONSOLE_DIR
  value: /app/console
- name: MIGRATE_ON_START
  value: {{ .Values.api.migrateOnStart | quote }}
{{ include "atendo.databaseEnv" . | trim }}
{{- with .Values.externalDatabase.existingSecretMigrationUrlKey }}
{{- if not $.Values.externalDatabase.existingSecret }}
{{- fail "externalDatabase.existingSecretMigrationUrlKey needs externalDatabase.existingSecret" }}
{{- end }}
- name: MIGRATION_DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $.Values.externalDatabase.existingSecret }}
      key: {{ . }}
{{- end }}
{{- range list "JWT_SECRET" "JWT_REFRESH_SECRET" "INTERNAL_TOKEN" "ADMIN_PASSWORD" }}
{{ include "atendo.authEnv" (dict "root" $ "key" .) }}
{{- end }}
{{- end -}}

{{- define "atendo.env.worker" -}}
- name: TEMPORAL_ADDRESS
  value: {{ .Values.externalTemporal.address | quote }}
- name: TEMPORAL_NAMESPACE
  value: {{ .Values.externalTemporal.namespace | quote }}
- name: DATA_DIR
  value: /tmp/atendo
- name: UPLOAD_DIR
  value: /data/uploads
{{ include "atendo.databaseEnv" . | trim }}
{{ include "atendo.authEnv" (dict "root" $ "key" "JWT_SECRET") }}
{{- end -}}

{{- define "atendo.env.operator" -}}
- name: PORT
  value: "8080"
- name: API_URL
  value: {{ include "atendo.apiInternalUrl" . | quote }}
- name: SESSION_IMAGE
  value: {{ include "atendo.image" (dict "root" . "image" .Values.operator.sessionImage) | quote }}
- name: NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: POD_NAMESPACE
  valueFrom:
    fieldRef:
      fieldPath: metadata.namespace
- name: POD_NAME
  valueFrom:
    fieldRef:
      fieldPath: metadata.name
{{ include "atendo.authEnv" (dict "root" . "key" "INTERNAL_TOKEN") }}
{{- end -}}
