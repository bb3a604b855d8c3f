from modeltranslation.translator import TranslationOptions, register

from guides.models import Guide


@register(Guide)
class GuideTranslationOptions(TranslationOptions):
    fields = ("title", "summary", "body")
    required_languages = ("en",)
