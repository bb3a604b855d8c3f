from modeltranslation.translator import TranslationOptions, register

from quizzes.models import Choice, Question, Quiz


@register(Quiz)
class QuizTranslationOptions(TranslationOptions):
    fields = ("title", "description")
    required_languages = ("en",)


@register(Question)
class QuestionTranslationOptions(TranslationOptions):
    fields = ("text", "explanation")
    required_languages = ("en",)


@register(Choice)
class ChoiceTranslationOptions(TranslationOptions):
    fields = ("text",)
    required_languages = ("en",)
