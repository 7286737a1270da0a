{{/* Chart name. */}}
{{- define "atendo.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Prefix of every object name: the release name, unless it already holds the chart name's. */}}
{{- define "atendo.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Name of a component's objects. Usage: include "atendo.componentName" (dict "root" $ "component" "api") */}}
{{- define "atendo.componentName" -}}
{{- printf "%s-%s" (include "atendo.fullname" .root) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Labels that select a component's pods. */}}
{{- define "atendo.selectorLabels" -}}
app.kubernetes.io/name: {{ include "atendo.name" .root }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{/* Every label of a component's objects. */}}
{{- define "atendo.labels" -}}
{{ include "atendo.selectorLabels" . }}
app.kubernetes.io/part-of: atendo
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
{{- with .root.Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/* metadata of a namespaced component object (name, namespace, labels, annotations). */}}
{{- define "atendo.metadata" -}}
name: {{ default (include "atendo.componentName" .) .name }}
namespace: {{ .root.Release.Namespace }}
labels:
  {{- include "atendo.labels" . | nindent 2 }}
{{- with .root.Values.commonAnnotations }}
annotations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Image of a component. Usage: include "atendo.image" (dict "root" $ "image" .Values.api.image) */}}
{{- define "atendo.image" -}}
{{- $registry := default .root.Values.image.registry .root.Values.global.imageRegistry -}}
{{- $tag := default (default .root.Chart.AppVersion .root.Values.image.tag) .image.tag -}}
{{- if $registry -}}
{{- printf "%s/%s:%s" $registry .image.repository $tag -}}
{{- else -}}
{{- printf "%s:%s" .image.repository $tag -}}
{{- end -}}
{{- end -}}

{{/* imagePullSecrets of every pod (global and image-level). */}}
{{- define "atendo.imagePullSecrets" -}}
{{- $secrets := concat .Values.global.imagePullSecrets .Values.image.pullSecrets | uniq -}}
{{- if $secrets }}
imagePullSecrets:
{{- range $secrets }}
  - name: {{ . }}
{{- end }}
{{- end }}
{{- end -}}

{{/* ServiceAccount name of a component. */}}
{{- define "atendo.serviceAccountName" -}}
{{- $sa := (index .root.Values .component).serviceAccount -}}
{{- if $sa.create -}}
{{- default (include "atendo.componentName" .) $sa.name -}}
{{- else -}}
{{- default "default" $sa.name -}}
{{- end -}}
{{- end -}}

{{/* The pod security context, without the `enabled` switch. */}}
{{- define "atendo.podSecurityContext" -}}
{{- if .Values.podSecurityContext.enabled }}
securityContext:
  {{- omit .Values.podSecurityContext "enabled" | toYaml | nindent 2 }}
{{- end }}
{{- end -}}

{{/* The container security context, without the `enabled` switch. */}}
{{- define "atendo.containerSecurityContext" -}}
{{- if .Values.containerSecurityContext.enabled }}
securityContext:
  {{- omit .Values.containerSecurityContext "enabled" | toYaml | nindent 2 }}
{{- end }}
{{- end -}}

{{/* Secret with JWT_SECRET, JWT_REFRESH_SECRET, INTERNAL_TOKEN and ADMIN_PASSWORD. */}}
{{- define "atendo.authSecretName" -}}
{{- default (printf "%s-auth" (include "atendo.fullname" .)) .Values.auth.existingSecret -}}
{{- end -}}

{{/* Secret with the database URL or password. */}}
{{- define "atendo.databaseSecretName" -}}
{{- default (printf "%s-database" (include "atendo.fullname" .)) .Values.externalDatabase.existingSecret -}}
{{- end -}}

{{/* DATABASE_URL (and the password it interpolates) for the api and the worker. */}}
{{- define "atendo.databaseEnv" -}}
{{- $db := .Values.externalDatabase -}}
{{- if and $db.existingSecret (not $db.existingSecretUrlKey) }}
- name: DATABASE_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $db.existingSecret }}
      key: {{ $db.existingSecretPasswordKey }}
- name: DATABASE_URL
  value: {{ printf "postgres://%s:$(DATABASE_PASSWORD)@%s:%v/%s%s" $db.user $db.host $db.port $db.database (ternary (printf "?%s" $db.params) "" (ne $db.params "")) | quote }}
{{- else }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "atendo.databaseSecretName" . }}
      key: {{ default "DATABASE_URL" $db.existingSecretUrlKey }}
{{- end }}
{{- end -}}

{{/* An env var from the auth Secret. */}}
{{- define "atendo.authEnv" -}}
- name: {{ .key }}
  valueFrom:
    secretKeyRef:
      name: {{ include "atendo.authSecretName" .root }}
      key: {{ .key }}
{{- end -}}

{{/* In-cluster URL of the api. */}}
{{- define "atendo.apiInternalUrl" -}}
{{- printf "http://%s.%s.svc.cluster.local:%v" (include "atendo.componentName" (dict "root" . "component" "api")) .Release.Namespace .Values.api.service.port -}}
{{- end -}}

{{/* A value kept across upgrades: the given one, else the existing Secret's, else a new random one. */}}
{{- define "atendo.secretValue" -}}
{{- $existing := lookup "v1" "Secret" .root.Release.Namespace .secret -}}
{{- if .value -}}
{{- .value | b64enc -}}
{{- else if and $existing (hasKey $existing.data .key) -}}
{{- index $existing.data .key -}}
{{- else -}}
{{- randAlphaNum 48 | b64enc -}}
{{- end -}}
{{- end -}}

{{/* Pod scheduling fields of a component. */}}
{{- define "atendo.scheduling" -}}
{{- with .nodeSelector }}
nodeSelector:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .tolerations }}
tolerations:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- with .affinity }}
affinity:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}
